// definitions/<deployment>/: the route registry modules (index, loaders, aliases, all, one
// routes and one parameter module per scope; for the other deployments what differs from the
// default, differences.mjs). definitions/README.md is readme.mjs's.
import { aliasTable } from "./legacy.mjs";
import {
  differenceLoaders,
  differenceRoutes,
  paramsModule as differenceParamsModule,
  pathsModule,
} from "./differences.mjs";
import { packAliases, packDataFile, packLegacyParams, packNames, packScope } from "./pack.mjs";
import { paramMeta } from "./params.mjs";
import { pascalCase, propertyKey } from "./util.mjs";

/**
 * definitions/<deployment>/ of `model`: the default's per-scope modules, or with `base` (the
 * default's model) the other deployments' differences from it (differences.mjs).
 */
export function definitionFiles(model, base) {
  const files = new Map();
  const kernel = `${"../".repeat(model.dir.split("/").length)}kernel/index.js`;
  // The decoders beside the data (hand-written: definitions/decode/); nothing here imports plugins/.
  const endpoints = "../decode";
  if (base) {
    files.set("paths.ts", pathsModule(model, base, endpoints));
    files.set("params.ts", differenceParamsModule(model, base, kernel, endpoints));
  } else {
    for (const [scope, operations] of model.scopes) {
      const file = operations[0].file;
      files.set(`scopes/${file}.ts`, routesModule(model, scope, operations));
      files.set(`params/${file}.ts`, paramsModule(model, operations));
    }
    files.set(
      "data.txt",
      packDataFile(
        [...model.scopes].map(([scope, operations]) => [scope, packScope(operations), paramLines(model, operations)]),
      ),
    );
    files.set("loaders.ts", definitionsLoadersModule(model, kernel));
    files.set("param-loaders.ts", definitionsParamLoadersModule(model));
  }
  files.set("index.ts", definitionsIndexModule(model, kernel, base));
  files.set("all.ts", definitionsAllModule(model, endpoints, base));
  files.set("aliases.ts", definitionsAliasesModule(model, base));
  return files;
}

function routesModule(model, scope, operations) {
  return [
    `// ${model.header}`,
    "",
    `/** \`${scope}\`'s operations, packed as a path trie (definitions/generate/pack.mjs; decoded by \`endpoints\`). */`,
    `export const routes: string = ${JSON.stringify(packScope(operations))};`,
    "",
  ].join("\n");
}

/** A scope's parameter metadata: one `<name> <json>` line per method, in name order. */
const paramLines = (model, operations) =>
  operations
    .map((operation) => {
      if (/\s/.test(operation.name)) throw new Error(`generate: method name ${operation.name} cannot be packed`);
      return `${operation.name} ${JSON.stringify(operation.fields.map((field) => paramMeta(model.spec, field)))}`;
    })
    .join("\n");

function paramsModule(model, operations) {
  return [
    `// ${model.header}`,
    "",
    "/**",
    " * Parameters per method, one line per method in name order: `<name> <json>`, the JSON",
    " * `[[name, flags (p|q|b|h, ! required, ? nullable, * multi-segment), type, allowed values?], …]`.",
    " * A string, decoded one method at a time on its first call (definitions/decode/trie.ts):",
    " * a program pays in memory for the methods it calls, not for their scope's.",
    " */",
    `export const params: string = ${JSON.stringify(paramLines(model, operations))};`,
    "",
  ].join("\n");
}

function definitionsIndexModule(model, kernel, base) {
  const scopes = [...model.scopes.keys()];
  const names = scopes.map(
    (scope) =>
      `  ${propertyKey(scope)}: ${JSON.stringify(packNames(model.scopes.get(scope).map((operation) => operation.name)))},`,
  );
  const loaders = base
    ? differenceLoaders(base)
    : [
        "/**",
        " * A scope's packed routes, names included (`scopes/<scope>.ts`): its own chunk, and the loader",
        " * table is a chunk too, so the entry carries neither. With `scopes` instead of `names`, a split",
        " * build's entry carries no method name: each scope's names come with its routes.",
        " */",
        'export const load = (scope: string): Promise<{ routes: string }> => import("./loaders.js").then((m) => m.loaders[scope]!());',
        "",
        "/** A scope's parameter metadata, for the validation plugin. */",
        'export const loadParams = (scope: string): Promise<{ params: string }> => import("./param-loaders.js").then((m) => m.paramLoaders[scope]!());',
        "",
        "/**",
        ` * ${model.deployment}'s registry with scope names only (the browser and edge presets'): each scope's`,
        " * routes, its method names with them, load on first use (a method's first call). No per-parameter",
        " * metadata (it would be the largest part of a flat bundle): path parameters are still checked from",
        " * the route, GitHub's 422 explains the rest, and `endpoints({ ...lazyRegistry, loadParams })` adds it",
        " * (docs/browsers-and-bundle-size.md).",
        " */",
        "export const lazyRegistry: Registry<typeof deployment> = { deployment, scopes, load };",
      ];
  return [
    `// ${model.header}`,
    base ? `import type { ScopeParams } from "${kernel}";` : 'import type { Registry } from "../decode/registry.js";',
    "",
    "/** Which description this registry was generated from (used in messages). */",
    `export const deployment = ${JSON.stringify(model.deployment)};`,
    "",
    "/**",
    " * Method names per scope: sorted, front-coded",
    " * (`|` then, per name, one digit of characters shared with the previous name and the rest):",
    " * enough for `in`, `Object.keys` and typo hints before a scope loads.",
    " */",
    "export const names: Record<string, string> = {",
    ...names,
    "};",
    "",
    "/** The scopes, for a registry whose names load with each scope's routes (`{ deployment, scopes, load }`). */",
    `export const scopes: readonly string[] = ${JSON.stringify(scopes)};`,
    "",
    ...loaders,
    "",
    "/** The deprecated-alias table, in a chunk of its own: loaded only when a name is not found. */",
    'export const loadAliases = () => import("./aliases.js");',
    "",
  ].join("\n");
}

const loaderLines = (model, folder) =>
  [...model.scopes.keys()].map(
    (scope) => `  ${propertyKey(scope)}: () => import("./${folder}/${model.scopes.get(scope)[0].file}.js"),`,
  );

function definitionsLoadersModule(model) {
  return [
    `// ${model.header}`,
    "",
    "/** Route loaders (`scopes/<scope>.ts`), one chunk per scope (literal `import()`s so that bundlers split them). */",
    "export const loaders: Record<string, () => Promise<{ routes: string }>> = {",
    ...loaderLines(model, "scopes"),
    "};",
    "",
  ].join("\n");
}

/** A module of its own, so that a bundle that never validates (the browser preset) carries none of it. */
function definitionsParamLoadersModule(model) {
  return [
    `// ${model.header}`,
    "",
    "/** Parameter metadata loaders for the validation plugin, one chunk per scope (packed: params/<scope>.ts). */",
    "export const paramLoaders: Record<string, () => Promise<{ params: string }>> = {",
    ...loaderLines(model, "params"),
    "};",
    "",
  ].join("\n");
}

/** The arguments of `unpackRemoved` (definitions/decode/aliases.ts): the reasons, then per scope its lines. */
function packRemoved(table) {
  const reasons = [];
  const lines = {};
  for (const [scope, methods] of Object.entries(table))
    lines[scope] = Object.entries(methods)
      .map(([name, { was, why, instead }]) => {
        let index = reasons.findIndex(([w, i]) => w === why && i === instead);
        if (index < 0) index = reasons.push([why, instead]) - 1;
        if (/[|\n]/.test(name + was)) throw new Error(`generate: removed ${scope}.${name} cannot be packed`);
        return `${name}|${was}|${index}`;
      })
      .join("\n");
  return [
    "  [",
    ...reasons.map((reason) => `    ${JSON.stringify(reason)},`),
    "  ],",
    "  {",
    ...Object.entries(lines).map(([scope, text]) => `    ${propertyKey(scope)}: ${JSON.stringify(text)},`),
    "  },",
  ];
}

function definitionsAliasesModule(model, base) {
  const literal = (table) =>
    Object.entries(table).flatMap(([scope, methods]) => [
      `  ${propertyKey(scope)}: {`,
      ...Object.entries(methods).map(([name, value]) => `    ${propertyKey(name)}: ${JSON.stringify(value)},`),
      "  },",
    ]);
  const { aliases, oldRoutes, removed } = model.legacy;
  const endpoints = "../decode/aliases.js";
  return [
    `// ${model.header}`,
    `import { unpackAliases, unpackLegacyParams, unpackRemoved, type AliasDecoder } from "${endpoints}";`,
    ...(base ? ['import { packedLegacyParams } from "../api.github.com/aliases.js";'] : []),
    "",
    "/**",
    " * Deprecated method names (old scope → old name → `scope.method` of today's operation), packed",
    " * per old scope against this deployment's `names` (generate/pack.mjs, `packAliases`); `endpoints`",
    " * decodes an old scope's on its first unknown name (definitions/decode/aliases.ts).",
    " */",
    "export const packedAliases: Record<string, string> = {",
    ...Object.entries(
      packAliases(aliasTable(aliases), (scope) => model.scopes.get(scope)?.map((operation) => operation.name) ?? []),
    ).map(([scope, packed]) => `  ${propertyKey(scope)}: ${JSON.stringify(packed)},`),
    "};",
    "",
    "/** The same, as `endpoints` takes them: per old scope a decoder, called on the scope's first unknown name. */",
    "export const aliases: Record<string, AliasDecoder> = /* @__PURE__ */ unpackAliases(packedAliases);",
    "",
    "/**",
    " * @octokit/rest v15/v16 names whose old route GitHub still serves though no current operation",
    " * has it: old scope → old name → route (generate/legacy-routes.mjs says why for each).",
    " */",
    "export const legacyRoutes: Record<string, Record<string, string>> = {",
    ...literal(aliasTable(oldRoutes, (entry) => entry.route)),
    "};",
    "",
    "/**",
    " * @octokit/rest v15/v16 names of removed endpoints: old scope → old name → the error message,",
    " * made from `<name>|<old route>|<reason>` lines and the reasons (why, what to use instead).",
    " */",
    "export const removed: Record<string, Record<string, string>> = /* @__PURE__ */ unpackRemoved(",
    ...packRemoved(aliasTable(removed, (entry) => entry)),
    ");",
    "",
    "/**",
    " * @octokit/rest v15/v16 parameter names of today's operations: scope → method → old name → new",
    " * (generate/legacy-params.mjs), each operation's with the description's own renames, packed",
    " * (generate/pack.mjs `packLegacyParams`); the methods of a registry that has them map them.",
    " */",
    ...legacyParamsLines(model, base),
    "",
  ].join("\n");
}

/**
 * aliases.ts's `legacyParams`: the default deployment's packed, and each other's as the
 * default's (`packedLegacyParams`) and its own operations' lines, as the old tables are one
 * for every deployment (a rename that differs from the default's stops the generator).
 */
function legacyParamsLines(model, base) {
  const own = aliasTable(model.legacy.params, (entry) => entry);
  let packed = packLegacyParams(own);
  if (base) {
    const shared = aliasTable(base.legacy.params, (entry) => entry);
    const extra = {};
    for (const [scope, methods] of Object.entries(own))
      for (const [name, renames] of Object.entries(methods)) {
        const known = shared[scope]?.[name];
        if (!known) (extra[scope] ??= {})[name] = renames;
        else if (JSON.stringify(known) !== JSON.stringify(renames))
          throw new Error(`generate: ${scope}.${name}'s v15/v16 parameter names differ from api.github.com's`);
      }
    for (const [scope, methods] of Object.entries(shared))
      for (const name of Object.keys(methods))
        if (!own[scope]?.[name] && model.scopes.get(scope)?.some((operation) => operation.name === name))
          throw new Error(
            `generate: ${model.deployment}'s ${scope}.${name} takes no v15/v16 parameter names of api.github.com's`,
          );
    packed = packLegacyParams(extra);
  }
  const type = "Record<string, Record<string, Record<string, string>>>";
  const source = base && packed ? `packedLegacyParams + ${JSON.stringify(`\n${packed}`)}` : "packedLegacyParams";
  return [
    ...(base ? [] : [`export const packedLegacyParams = ${JSON.stringify(packed)};`]),
    `export const legacyParams: ${type} = /* @__PURE__ */ unpackLegacyParams(${source});`,
  ];
}

function definitionsAllModule(model, endpoints, base) {
  const scopes = [...model.scopes.keys()];
  for (const scope of scopes) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(scope) || RESERVED_WORDS.has(scope))
      throw new Error(`generate: scope "${scope}" cannot be an import binding in all.ts`);
  }
  const built = base && differenceRoutes(base, endpoints);
  return [
    `// ${model.header}`,
    `import type { Registry } from "${endpoints}/registry.js";`,
    ...(built ? built.imports : ['import { deployment } from "./index.js";']),
    'import { aliases, legacyParams, legacyRoutes, removed } from "./aliases.js";',
    "",
    'export { deployment, loadParams, names } from "./index.js";',
    "export { aliases, legacyParams, legacyRoutes, removed };",
    ...(built
      ? [
          "// Its types, which importing them adds to the endpoints plugin's (types/deployments.ts): a client",
          "// made with this registry, or with its name, is typed as this deployment.",
          `export type { ${pascalCase(model.deployment)}Endpoints as Endpoints, ${pascalCase(model.deployment)}RestScopes as RestScopes } from "../../types/${model.deployment}.js";`,
        ]
      : []),
    "",
    ...(built
      ? built.routes
      : [
          "/**",
          " * Every scope's packed routes (the strings of `scopes/<scope>.ts`), inline: one module",
          " * instead of one per scope, so that a Node program starts with a few files loaded; each",
          " * scope is decoded on its first use.",
          " */",
          "export const routes: Record<string, string> = {",
          ...scopes.map((scope) => `  ${propertyKey(scope)}: ${JSON.stringify(packScope(model.scopes.get(scope)))},`),
          "};",
        ]),
    "",
    "/**",
    ` * ${model.deployment}'s complete registry for \`endpoints(registry)\`: every operation, as @octokit/rest`,
    " * has them, no lazy loading. Parameter metadata is not included (it is 3× the routes): spread",
    " * `{ ...registry, loadParams }` and add the `validate` plugin to check parameters before sending;",
    " * `{ ...registry, aliases, legacyRoutes, removed, legacyParams }` adds the @octokit/rest",
    " * v15/v16 names the Node preset knows (plugins/presets/registry.ts).",
    " */",
    "export const registry: Registry<typeof deployment> = { deployment, routes };",
    "",
  ].join("\n");
}

const RESERVED_WORDS = new Set([
  "await",
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "implements",
  "import",
  "in",
  "instanceof",
  "interface",
  "let",
  "new",
  "null",
  "package",
  "private",
  "protected",
  "public",
  "return",
  "static",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
]);
