// definitions/<deployment>/: the route registry modules (index, loaders, aliases, all, one
// routes and one parameter module per scope) and definitions/README.md.
import { DEFAULT_DEPLOYMENT } from "./deployments.mjs";
import { aliasTable } from "./legacy.mjs";
import { isJsonMediaType, successResponses } from "./openapi.mjs";
import { packAliases, packNames, packPaths, packScope } from "./pack.mjs";
import { paramMeta } from "./params.mjs";
import { literal, propertyKey, unique } from "./util.mjs";

export function definitionFiles(model) {
  const files = new Map();
  const kernel = `${"../".repeat(model.dir.split("/").length)}kernel/index.js`;
  const deeperKernel = `../${kernel}`;
  for (const [scope, operations] of model.scopes) {
    const file = operations[0].file;
    files.set(`scopes/${file}.ts`, routesModule(model, scope, operations));
    files.set(`paths/${file}.ts`, pathsModule(model, scope, operations));
    files.set(`params/${file}.ts`, paramsModule(model, operations, deeperKernel));
  }
  files.set("index.ts", definitionsIndexModule(model, kernel));
  files.set("all.ts", definitionsAllModule(model, kernel));
  files.set("aliases.ts", definitionsAliasesModule(model));
  files.set("loaders.ts", definitionsLoadersModule(model, kernel));
  files.set("param-loaders.ts", definitionsParamLoadersModule(model, kernel));
  return files;
}

function routesModule(model, scope, operations) {
  return [
    `// ${model.header}`,
    "",
    `/** \`${scope}\`'s operations, packed one per line (definitions/generate/pack.mjs; decoded by \`endpoints\`). */`,
    `export const routes: string = ${JSON.stringify(packScope(operations))};`,
    "",
  ].join("\n");
}

function pathsModule(model, scope, operations) {
  return [
    `// ${model.header}`,
    "",
    `/** \`${scope}\`'s routes without their names, one per line in the order of \`names.${scope}\` in index.ts (definitions/generate/pack.mjs). */`,
    `export const paths: string = ${JSON.stringify(packPaths(operations))};`,
    "",
  ].join("\n");
}

function paramsModule(model, operations, kernel) {
  const entries = operations.map(
    (operation) =>
      `  ${propertyKey(operation.name)}: ${literal(operation.fields.map((field) => paramMeta(model.spec, field)))},`,
  );
  return [
    `// ${model.header}`,
    `import type { ScopeParams } from "${kernel}";`,
    "",
    "/** Parameters per method: [name, flags (p|q|b|h, ! required, ? nullable, * multi-segment), type, allowed values?]. */",
    "export const params: ScopeParams = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

function definitionsIndexModule(model, kernel) {
  const scopes = [...model.scopes.keys()];
  const names = scopes.map(
    (scope) =>
      `  ${propertyKey(scope)}: ${JSON.stringify(packNames(model.scopes.get(scope).map((operation) => operation.name)))},`,
  );
  return [
    `// ${model.header}`,
    `import type { ScopeParams } from "${kernel}";`,
    "",
    "/** Which description this registry was generated from (used in messages). */",
    `export const deployment = ${JSON.stringify(model.deployment)};`,
    "",
    "/**",
    " * Method names per scope: the name column of the packed scopes (`scopes/<scope>.ts`), front-coded",
    " * (`|` then, per name, one digit of characters shared with the previous name and the rest):",
    " * enough for `in`, `Object.keys` and typo hints before a scope loads.",
    " */",
    "export const names: Record<string, string> = {",
    ...names,
    "};",
    "",
    "/**",
    " * A scope's routes without their names (`paths/<scope>.ts`, decoded against `names`): its own",
    " * chunk, and the loader table is a chunk too, so the entry carries neither; a bundle that inlines",
    " * every chunk carries each name once.",
    " */",
    'export const load = (scope: string): Promise<{ paths: string }> => import("./loaders.js").then((m) => m.loaders[scope]!());',
    "",
    "/** A scope's parameter metadata, for the validation plugin. */",
    'export const loadParams = (scope: string): Promise<{ params: ScopeParams }> => import("./param-loaders.js").then((m) => m.paramLoaders[scope]!());',
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
    "/** Route loaders (`paths/<scope>.ts`), one chunk per scope (literal `import()`s so that bundlers split them). */",
    "export const loaders: Record<string, () => Promise<{ paths: string }>> = {",
    ...loaderLines(model, "paths"),
    "};",
    "",
  ].join("\n");
}

/** A module of its own, so that a bundle that never validates (the browser preset) carries none of it. */
function definitionsParamLoadersModule(model, kernel) {
  return [
    `// ${model.header}`,
    `import type { ScopeParams } from "${kernel}";`,
    "",
    "/** Parameter metadata loaders for the validation plugin, one chunk per scope. */",
    "export const paramLoaders: Record<string, () => Promise<{ params: ScopeParams }>> = {",
    ...loaderLines(model, "params"),
    "};",
    "",
  ].join("\n");
}

/** The arguments of `unpackRemoved` (plugins/endpoints/aliases.ts): the reasons, then per scope its lines. */
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

function definitionsAliasesModule(model) {
  const literal = (table) =>
    Object.entries(table).flatMap(([scope, methods]) => [
      `  ${propertyKey(scope)}: {`,
      ...Object.entries(methods).map(([name, value]) => `    ${propertyKey(name)}: ${JSON.stringify(value)},`),
      "  },",
    ]);
  const { aliases, oldRoutes, removed } = model.legacy;
  const endpoints = `${"../".repeat(model.dir.split("/").length)}plugins/endpoints/aliases.js`;
  return [
    `// ${model.header}`,
    `import { unpackAliases, unpackRemoved, type AliasDecoder } from "${endpoints}";`,
    "",
    "/**",
    " * Deprecated method names (old scope → old name → `scope.method` of today's operation), packed",
    " * per old scope against this deployment's `names` (generate/pack.mjs, `packAliases`); `endpoints`",
    " * decodes an old scope's on its first unknown name (plugins/endpoints/aliases.ts).",
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
  ].join("\n");
}

function definitionsAllModule(model, kernel) {
  const scopes = [...model.scopes.keys()];
  for (const scope of scopes) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(scope) || RESERVED_WORDS.has(scope))
      throw new Error(`generate: scope "${scope}" cannot be an import binding in all.ts`);
  }
  const endpoints = kernel.replace(/kernel\/index\.js$/, "plugins/endpoints/index.js");
  return [
    `// ${model.header}`,
    `import type { Registry } from "${endpoints}";`,
    'import { deployment } from "./index.js";',
    'import { aliases, legacyRoutes, removed } from "./aliases.js";',
    "",
    'export { deployment, loadParams, names } from "./index.js";',
    "export { aliases, legacyRoutes, removed };",
    "",
    "/**",
    " * Every scope's packed routes (the strings of `scopes/<scope>.ts`), inline: one module",
    " * instead of one per scope, so that a Node program starts with a few files loaded; each",
    " * scope is decoded on its first use.",
    " */",
    "export const routes: Record<string, string> = {",
    ...scopes.map((scope) => `  ${propertyKey(scope)}: ${JSON.stringify(packScope(model.scopes.get(scope)))},`),
    "};",
    "",
    "/**",
    ` * ${model.deployment}'s complete registry for \`endpoints(registry)\`: every operation and deprecated`,
    " * alias, no lazy loading. Parameter metadata is not included (it is 3× the routes): spread",
    " * `{ ...registry, loadParams }` and add the `validate` plugin to check parameters before sending;",
    " * `{ ...registry, legacyRoutes, removed }` adds the @octokit/rest v15/v16 names the full preset knows.",
    " */",
    "export const registry: Registry<typeof deployment> = { deployment, routes, aliases };",
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

export function definitionsReadme(models) {
  const api = models.find((model) => model.deployment === DEFAULT_DEPLOYMENT);
  const { report } = api.legacy;
  const list = (items) => (items.length ? items.map((item) => `- ${item}`) : ["- none"]);
  const ops = api.operations;
  const where = (predicate) => ops.filter(predicate).map((operation) => `\`${operation.scope}.${operation.name}\``);
  return [
    `<!-- ${api.header} -->`,
    "# definitions/",
    "",
    "The route registry: one module per scope for every operation of GitHub's REST API, generated from",
    `[@octokit/openapi](https://github.com/octokit/openapi) ${api.pkgVersion}. Do not edit these files: change the`,
    "generator in `generate/` (start at `generate/index.mjs`) and run `node build.mjs generate`. `node build.mjs generate --check`",
    "(run by `npm test`) exits 1 and lists the files that differ when the committed output is stale.",
    "",
    `One folder per deployment: ${models.map(({ deployment }) => `\`${deployment}/\``).join(", ")}, each with the same layout.`,
    `\`${api.deployment}\` is the default; \`deployments.ts\` lists them all (from \`generate/deployments.mjs\`).`,
    "",
    "## Layout (per deployment)",
    "",
    "- `index.ts`: `names` (the name column of the packed scopes, front-coded), `load(scope)` (a scope's `paths/`) / `loadParams(scope)` (through `loaders.ts` / `param-loaders.ts`, chunks themselves), `loadAliases` (the alias chunk). No routes.",
    "- `loaders.ts` / `param-loaders.ts`: one literal `import()` per scope for routes / for parameters, so bundlers split one chunk per scope (two modules: a bundle that never loads parameters carries none).",
    "- `aliases.ts`: deprecated names (old scope → old name → today's `scope.method`, packed against `names`: `generate/pack.mjs`), `legacyRoutes` (old names sent to",
    "  their old route) and `removed` (old names of removed endpoints → error message), in its own chunk.",
    "- `all.ts`: every scope's packed routes inline (one module to load, not one per scope), plus `names`, `aliases`, `legacyRoutes`, `removed` and `registry` (the complete",
    "  registry for `endpoints(registry)`: `forgekit/deployments/<name>`).",
    "- `scopes/<scope>.ts`: `routes`, the scope's operations packed one per line (`generate/pack.mjs`):",
    "  `<shared-prefix digit><name rest> <verb letter><path>[ <json [defaults|0, extra?]>]`, `~` and `^` standing for",
    "  `/repos/{owner}/{repo}` and `/orgs/{org}`; decoded into `[route, defaults?, extra?]` on the scope's first use.",
    "  Routes look like `POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}`:",
    "  `{+name}` is a multi-segment path parameter; `{?a,b}` lists the query parameters of a non-GET operation; `extra` holds",
    "  `body` (the parameter that is the whole body), `deprecated` and `renamed` (old parameter name → new).",
    "- `paths/<scope>.ts`: `paths`, the same lines without the name column, in the order of `names.<scope>` in",
    "  `index.ts`: the chunk `load(scope)` fetches (the page has the names already, so no bundle carries a name twice).",
    "- `params/<scope>.ts`: `method: [[name, flags, type, values?], …]` for the validation plugin. Flags: `p|q|b|h` (path,",
    '  query, body, header), then `!` required, `?` nullable, `*` multi-segment. Type `""` means the schema sets none.',
    "",
    "## Operations",
    "",
    "| deployment | description | operations | scopes | deprecated aliases | old @octokit/rest names mapped / old route / removed | old parameter names mapped |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...models.map(
      ({ deployment, descriptionVersion, operations, scopes, legacy }) =>
        `| ${deployment} | ${descriptionVersion} | ${operations.length} | ${scopes.size} | ${legacy.aliases.size} | ${legacy.report.mapped} / ${legacy.report.oldRoutes} / ${legacy.report.removed.length} | ${legacy.report.paramRenames} |`,
    ),
    "",
    "## Special cases (api.github.com)",
    "",
    `- The body is one parameter (\`x-github.requestBodyParameterName\`, \`extra.body\`): ${where((o) => o.extra?.body).join(", ")}.`,
    `- Non-JSON request bodies (\`data\`, content-type default): ${ops
      .filter((o) => o.body?.contentType)
      .map((o) => `\`${o.scope}.${o.name}\` (${o.body.mediaTypes.join(", ")})`)
      .join(", ")}.`,
    `- Own server (\`{origin}\`): ${ops
      .filter((o) => o.defaults?.origin)
      .map((o) => `\`${o.scope}.${o.name}\` (${o.defaults.origin})`)
      .join(", ")}.`,
    `- Header parameters: ${where((o) => o.parameters.some((p) => p.in === "header")).join(", ") || "none"}.`,
    `- A body property with the name of a path or query parameter cannot be sent, and is left out: ${
      ops
        .filter((o) => o.shadowed.length)
        .map((o) => `\`${o.scope}.${o.name}\` (${o.shadowed.join(", ")})`)
        .join(", ") || "none"
    }.`,
    `- Body properties named like a request option (\`extra.fields\`: the method builds the JSON body itself): ${where((o) => o.extra?.fields).join(", ") || "none"}.`,
    `- Deprecated operations (\`extra.deprecated\`): ${where((o) => o.extra?.deprecated).length}.`,
    `- Operations with \`x-github.previews\`: ${where((o) => o.op["x-github"]?.previews?.length).join(", ") || "none"}.`,
    `- No operation requires a non-default \`accept\`. Responses with no JSON representation: ${nonJsonResponses(api).join(", ")}. Alternative representations a caller can ask for: ${alternativeMediaTypes(api).join(", ")}.`,
    "",
    "## Deprecated aliases (api.github.com)",
    "",
    `${report.fromChanges} from the description's \`x-octokit.changes\` (type OPERATION; type PARAMETER becomes \`extra.renamed\`).`,
    `@octokit/rest v15 and v16 method names that are not current names: ${report.legacyNames}, of which ${report.mapped} map to a current operation (same HTTP method and route, or through an \`alias\`), ${report.oldRoutes} are sent to their old route (GitHub still serves it; \`legacyRoutes\`) and ${report.removed.length} reject as removed (\`removed\`).`,
    `Old parameter names mapped to today's (\`extra.renamed\`, from the old tables' \`alias\` entries and renamed path parameters): ${report.paramRenames}.`,
    "",
    "Old names matching several operations (the first, sorted, is used):",
    "",
    ...list(report.ambiguous),
    "",
    "Old names given different targets by different sources:",
    "",
    ...list(report.conflicts),
    "",
    "Old names sent to their old route:",
    "",
    ...list([...api.legacy.oldRoutes].map(([name, { route, reason }]) => `\`${name}\` → \`${route}\` (${reason})`)),
    "",
    "Old names of removed endpoints (calling one rejects, naming the removal and the replacement; nothing is sent):",
    "",
    ...list(report.removed.map((name) => `\`${name}\``)),
    "",
  ].join("\n");
}

function nonJsonResponses(model) {
  return model.operations.flatMap((operation) =>
    successResponses(model.spec, operation.op)
      .filter(({ content }) => Object.keys(content).length && !Object.keys(content).some(isJsonMediaType))
      .map(({ content }) => `\`${operation.scope}.${operation.name}\` (${Object.keys(content).join(", ")})`),
  );
}

function alternativeMediaTypes(model) {
  return model.operations.flatMap((operation) => {
    const types = unique(successResponses(model.spec, operation.op).flatMap(({ content }) => Object.keys(content)));
    const alternatives = types.filter((type) => type !== "application/json");
    return types.includes("application/json") && alternatives.length
      ? [`\`${operation.scope}.${operation.name}\` (${alternatives.join(", ")})`]
      : [];
  });
}
