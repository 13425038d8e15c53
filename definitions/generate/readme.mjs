// definitions/README.md: the registry's layout, the operation counts per deployment and the
// special cases and deprecated aliases of the default.
import { DEFAULT_DEPLOYMENT } from "./deployments.mjs";
import { isJsonMediaType, successResponses } from "./openapi.mjs";
import { unique } from "./util.mjs";

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
    "The route registry: every operation of GitHub's REST API, per deployment, generated from",
    `[@octokit/openapi](https://github.com/octokit/openapi) ${api.pkgVersion}. Do not edit these files: change the`,
    "generator in `generate/` (start at `generate/index.mjs`) and run `node build.mjs generate`. `node build.mjs generate --check`",
    "(run by `npm test`) exits 1 and lists the files that differ when the committed output is stale.",
    "The decoders of this data are beside it, hand-written, in `decode/` (`trie.ts`: names, routes, parameters; `aliases.ts`,",
    "`from-base.ts`; `file.ts`: `data.txt` in Node; `registry.ts`: the registry's shape); the encoders are in `generate/pack.mjs`.",
    "",
    `One folder per deployment: ${models.map(({ deployment }) => `\`${deployment}/\``).join(", ")}.`,
    `\`${api.deployment}\` is the default; \`deployments.ts\` lists them all (from \`generate/deployments.mjs\`).`,
    `The others are stored as what differs from \`${api.deployment}\` (most of their operations are its, line for line), and put back together`,
    "at run time into exactly the data the layout of the default would give them (`decode/from-base.ts`).",
    "",
    `## Layout of \`${api.deployment}/\``,
    "",
    "- `index.ts`: `names` (each scope's method names, sorted and front-coded), `scopes` (the scope names alone), `load(scope)` (a scope's `scopes/` chunk) / `loadParams(scope)` (through `loaders.ts` / `param-loaders.ts`, chunks themselves), `loadAliases` (the alias chunk). No routes. A registry `{ deployment, scopes, load }` (the browser and edge presets) carries no method name before a scope loads.",
    "- `loaders.ts` / `param-loaders.ts`: one literal `import()` per scope for routes / for parameters, so bundlers split one chunk per scope (two modules: a bundle that never loads parameters carries none).",
    "- `aliases.ts`: deprecated names (old scope → old name → today's `scope.method`, packed against `names`: `generate/pack.mjs`), `legacyRoutes` (old names sent to",
    "  their old route) and `removed` (old names of removed endpoints → error message), in its own chunk.",
    "- `all.ts`: every scope's packed routes inline (one module to load, not one per scope), plus `names`, `aliases`, `legacyRoutes`, `removed` and `registry` (the complete",
    "  registry for `endpoints(registry)`: `forgekit/deployments/<name>`).",
    "- `scopes/<scope>.ts`: `routes`, the scope's operations packed as a path trie (`generate/pack.mjs`; `forgekit/routes/<scope>`):",
    "  each path once, sorted, as `<digit of characters shared with the previous path><rest>`, followed by one line per operation on it,",
    "  ` <verb letter><name>[ <json [defaults|0, extra?]>]`; `~` and `^` stand for `/repos/{owner}/{repo}` and `/orgs/{org}`;",
    "  an operation is decoded into `[route, defaults?, extra?]` on its first use (`decode/trie.ts`).",
    "  Routes look like `POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}`:",
    "  `{+name}` is a multi-segment path parameter; `{?a,b}` lists the query parameters of a non-GET operation; `extra` holds",
    "  `body` (the parameter that is the whole body), `deprecated` and `renamed` (the description's old parameter name → new;",
    "  the @octokit/rest v15/v16 ones are `aliases.ts`'s `legacyParams`).",
    "- `params/<scope>.ts`: `params`, one line per method in name order, `<method> [[name, flags, type, values?], …]` (JSON), for the validation plugin,",
    "  decoded one method at a time on its first call. Flags: `p|q|b|h` (path,",
    '  query, body, header), then `!` required, `?` nullable, `*` multi-segment. Type `""` means the schema sets none.',
    "- `data.txt`: the same routes and parameters in one file, for Node (the preset's registry, `decode/file.ts`): read into a",
    "  Buffer, outside the JS heap, on the first call, and decoded one operation at a time. A JSON index line",
    "  `{ scope: [routes, params, end] }` (byte offsets from the next line), then per scope its packed routes and its parameter lines.",
    "",
    `## Layout of the others (${models
      .filter((model) => model !== api)
      .map(({ deployment }) => `\`${deployment}/\``)
      .join(", ")})`,
    "",
    "Five modules each, whatever the number of scopes (`generate/differences.mjs`). A line or parameter list is a",
    `reference when it is that of \`${api.deployment}\`'s operation of the same name in the same scope; scopes \`${api.deployment}\` lacks are literal.`,
    "",
    `- \`index.ts\`: \`names\` as above; \`load(scope)\` fetches \`paths.ts\` and \`${api.deployment}\`'s \`loaders.ts\`, then that scope's \`scopes/\``,
    `  chunk of \`${api.deployment}\` (when it has the scope), and returns the deployment's \`paths\`; \`loadParams(scope)\` does the same with`,
    "  `params.ts` and `param-loaders.ts`; `loadAliases` as above.",
    "- `paths.ts`: `differences`, per scope one line per operation in the order of `names.<scope>`: `<first>[+<count>]`",
    `  (that many of \`${api.deployment}\`'s operations of the scope in name order, from index \`first\`) or the deployment's own packed line`,
    "  (it starts with a verb letter, never a digit).",
    "- `params.ts`: `differences`, per scope in the order of `names.<scope>`: a number n (the next n methods take the",
    `  parameters of \`${api.deployment}\`'s method of the same name) or the method's own \`[[name, flags, type, values?], …]\`.`,
    "- `aliases.ts`: as above, packed against this deployment's `names`.",
    `- \`all.ts\`: the same exports as \`${api.deployment}\`'s; its \`routes\` are made from \`${api.deployment}\`'s \`all.ts\` and \`paths.ts\`,`,
    "  each scope's string on its first read.",
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
    `Old parameter names mapped to today's (aliases.ts's \`legacyParams\`, from the old tables' \`alias\` entries and renamed path parameters): ${report.paramRenames}.`,
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
