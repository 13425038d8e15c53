// definitions/<deployment>/: the route registry modules (index, loaders, aliases, all, one
// routes and one parameter module per scope) and definitions/README.md.
import { DEFAULT_DEPLOYMENT } from "./deployments.mjs";
import { aliasTable } from "./legacy.mjs";
import { isJsonMediaType, successResponses } from "./openapi.mjs";
import { paramMeta } from "./params.mjs";
import { literal, propertyKey, unique } from "./util.mjs";

export function definitionFiles(model) {
  const files = new Map();
  const kernel = `${"../".repeat(model.dir.split("/").length)}kernel/index.js`;
  const deeperKernel = `../${kernel}`;
  for (const [scope, operations] of model.scopes) {
    const file = operations[0].file;
    files.set(`scopes/${file}.ts`, routesModule(model, scope, operations, deeperKernel));
    files.set(`params/${file}.ts`, paramsModule(model, operations, deeperKernel));
  }
  files.set("index.ts", definitionsIndexModule(model, kernel));
  files.set("all.ts", definitionsAllModule(model, kernel));
  files.set("aliases.ts", definitionsAliasesModule(model));
  files.set("loaders.ts", definitionsLoadersModule(model, kernel));
  return files;
}

function routesModule(model, scope, operations, kernel) {
  const entries = operations.map((operation) => {
    const entry = [operation.route];
    if (operation.defaults || operation.extra) entry.push(operation.defaults ?? 0);
    if (operation.extra) entry.push(operation.extra);
    return `  ${propertyKey(operation.name)}: ${literal(entry)},`;
  });
  return [
    `// ${model.header}`,
    `import type { ScopeRoutes } from "${kernel}";`,
    "",
    `/** Routes of \`${scope}\`: method name → [route, defaults?, extra?]. */`,
    "export const routes: ScopeRoutes = {",
    ...entries,
    "};",
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

/** Digits of a front-coding prefix length (0–61). */
const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Front-code a sorted name list: each name is one digit (how many leading characters it
 * shares with the previous name) and the rest; `|` marks the encoding. Sorted method names
 * share long prefixes (addCustomLabelsToSelfHostedRunnerFor…), so this is ~8% smaller than
 * the plain list after gzip — what the browser entry, which carries every name, pays.
 */
function packNames(names) {
  let previous = "";
  const packed = names.map((name) => {
    let shared = 0;
    while (shared < PREFIX_DIGITS.length - 1 && shared < previous.length && previous[shared] === name[shared]) shared++;
    previous = name;
    return PREFIX_DIGITS[shared] + name.slice(shared);
  });
  return `|${packed.join(",")}`;
}

function definitionsIndexModule(model, kernel) {
  const scopes = [...model.scopes.keys()];
  const names = scopes.map(
    (scope) =>
      `  ${propertyKey(scope)}: ${JSON.stringify(packNames(model.scopes.get(scope).map((operation) => operation.name)))},`,
  );
  return [
    `// ${model.header}`,
    `import type { ScopeParams, ScopeRoutes } from "${kernel}";`,
    "",
    "/** Which description this registry was generated from (used in messages). */",
    `export const deployment = ${JSON.stringify(model.deployment)};`,
    "",
    "/**",
    " * Method names per scope, sorted and front-coded (`|` then, per name, one digit of",
    " * characters shared with the previous name and the rest; see plugins/endpoints/registry.ts):",
    " * enough for `in`, `Object.keys` and typo hints before a scope loads.",
    " */",
    "export const names: Record<string, string> = {",
    ...names,
    "};",
    "",
    "/** A scope's route table (its own chunk; the loader table itself is a chunk too, so the entry carries neither). */",
    'export const load = (scope: string): Promise<{ routes: ScopeRoutes }> => import("./loaders.js").then((m) => m.loaders[scope]!());',
    "",
    "/** A scope's parameter metadata, for the validation plugin. */",
    'export const loadParams = (scope: string): Promise<{ params: ScopeParams }> => import("./loaders.js").then((m) => m.paramLoaders[scope]!());',
    "",
    "/** The deprecated-alias table, in a chunk of its own: loaded only when a name is not found. */",
    'export const loadAliases = () => import("./aliases.js");',
    "",
  ].join("\n");
}

function definitionsLoadersModule(model, kernel) {
  const scopes = [...model.scopes.keys()];
  const file = (scope) => model.scopes.get(scope)[0].file;
  const loaders = (folder) =>
    scopes.map((scope) => `  ${propertyKey(scope)}: () => import("./${folder}/${file(scope)}.js"),`);
  return [
    `// ${model.header}`,
    `import type { ScopeParams, ScopeRoutes } from "${kernel}";`,
    "",
    "/** Route table loaders, one chunk per scope (literal `import()`s so that bundlers split them). */",
    "export const loaders: Record<string, () => Promise<{ routes: ScopeRoutes }>> = {",
    ...loaders("scopes"),
    "};",
    "",
    "/** Parameter metadata loaders for the validation plugin, one chunk per scope. */",
    "export const paramLoaders: Record<string, () => Promise<{ params: ScopeParams }>> = {",
    ...loaders("params"),
    "};",
    "",
  ].join("\n");
}

function definitionsAliasesModule(model) {
  const literal = (table) =>
    Object.entries(table).flatMap(([scope, methods]) => [
      `  ${propertyKey(scope)}: {`,
      ...Object.entries(methods).map(([name, value]) => `    ${propertyKey(name)}: ${JSON.stringify(value)},`),
      "  },",
    ]);
  const { aliases, oldRoutes, removed } = model.legacy;
  return [
    `// ${model.header}`,
    "",
    "/** Deprecated method names: old scope → old name → `scope.method` of today's operation. */",
    "export const aliases: Record<string, Record<string, string>> = {",
    ...literal(aliasTable(aliases)),
    "};",
    "",
    "/**",
    " * @octokit/rest v15/v16 names whose old route GitHub still serves though no current operation",
    " * has it: old scope → old name → route (generate/legacy-routes.mjs says why for each).",
    " */",
    "export const legacyRoutes: Record<string, Record<string, string>> = {",
    ...literal(aliasTable(oldRoutes, (entry) => entry.route)),
    "};",
    "",
    "/** @octokit/rest v15/v16 names of removed endpoints: old scope → old name → the error message. */",
    "export const removed: Record<string, Record<string, string>> = {",
    ...literal(aliasTable(removed, (message) => message)),
    "};",
    "",
  ].join("\n");
}

function definitionsAllModule(model, kernel) {
  const scopes = [...model.scopes.keys()];
  for (const scope of scopes) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(scope) || RESERVED_WORDS.has(scope))
      throw new Error(`generate: scope "${scope}" cannot be an import binding in all.ts`);
  }
  return [
    `// ${model.header}`,
    `import type { ScopeRoutes } from "${kernel}";`,
    // Named imports: a default import of a sibling module breaks in the per-file CJS build (esbuild's Node interop).
    ...scopes.map((scope) => `import { routes as ${scope} } from "./scopes/${model.scopes.get(scope)[0].file}.js";`),
    "",
    'export { deployment, loadParams, names } from "./index.js";',
    'export { aliases, legacyRoutes, removed } from "./aliases.js";',
    "",
    "/** Every scope's routes, statically imported: for servers and tools that want no lazy loading. */",
    "export const routes: Record<string, ScopeRoutes> = {",
    ...scopes.map((scope) => `  ${scope},`),
    "};",
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
    "- `index.ts`: `names` (front-coded method names per scope), `load(scope)` / `loadParams(scope)` (through `loaders.ts`, itself a chunk), `loadAliases` (the alias chunk). No routes.",
    "- `loaders.ts`: one literal `import()` per scope for routes and for parameters, so bundlers split one chunk per scope.",
    "- `aliases.ts`: deprecated names (old scope → old name → today's `scope.method`), `legacyRoutes` (old names sent to",
    "  their old route) and `removed` (old names of removed endpoints → error message), in its own chunk.",
    "- `all.ts`: every scope's routes imported statically, plus `names` and `aliases`.",
    '- `scopes/<scope>.ts`: `method: [route, defaults?, extra?]`, e.g. `["POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", { … origin }]`.',
    "  `{+name}` is a multi-segment path parameter; `{?a,b}` lists the query parameters of a non-GET operation; `extra` holds",
    "  `body` (the parameter that is the whole body), `deprecated` and `renamed` (old parameter name → new).",
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
