// types/: type-only TypeScript compiled from the descriptions' schemas with
// json-schema-to-typescript: the default deployment (api.github.com) in full, the others as
// what differs from it (deployment-types.mjs). Nothing here reaches a bundle.
import { deploymentTypesModule } from "./deployment-types.mjs";
import { describeTypes, neededComponents, placeTypes, typePrefix } from "./placement.mjs";
import {
  JSTT_OPTIONS,
  assertDeclaredNames,
  componentTypeNames,
  docComment,
  methodDoc,
  methodOf,
  parametersSchema,
  responseSchema,
  toJsonSchema,
  typeScopes,
  withoutRoot,
} from "./schema.mjs";
import { compareBy, pascalCase, propertyKey } from "./util.mjs";
import { SHARED_PARAMETER_NAMES, shareParameters } from "./shared-parameters.mjs";

/** types/: the default deployment in full (`models[0]`), every other one in `<deployment>.ts` (deployment-types.mjs). */
export async function typeFiles(models, versionModels = []) {
  const { compile } = await import("json-schema-to-typescript");
  const [model] = models;
  const schemaNames = componentTypeNames(model.spec);
  const files = new Map();
  const scopeFiles = typeScopes(model);
  const versioned = versionModels.map((later) => later.deployment.split("@")[0]);
  if (new Set(versioned).size !== versioned.length)
    throw new Error(
      "generate: two API versions of one deployment would both declare its VersionTypes member: give it an interface per deployment (definitions/generate/types.mjs deploymentAugmentation)",
    );
  const placed = [];
  for (const other of [...models, ...versionModels]) placed.push(placeTypes(describeTypes(other), placed));
  const needed = neededComponents(placed);
  const others = new Map();
  for (let index = 1; index < placed.length; index++) {
    const module = await deploymentTypesModule(compile, placed.slice(0, index + 1), needed);
    others.set(
      `${placed[index].deployment}.ts`,
      module.trimEnd() + "\n" + deploymentAugmentation(placed[index].deployment),
    );
  }
  const kept = keptComponents(placed[0], needed, others.values());
  files.set("components.ts", await componentsModule(compile, model, schemaNames, kept));
  files.set("scopes.ts", await scopesTypesModule(compile, model, schemaNames, scopeFiles));
  files.set("method.ts", methodModule(model));
  files.set("index.ts", typesIndexModule(model, scopeFiles));
  for (const [path, text] of others) files.set(path, text);
  files.set("deployments.ts", deploymentsTypesModule(models));
  files.set("README.md", typesReadme(model, sharing(placed), kept));
  return files;
}

/** types/method.ts: the one type every `<Scope>MethodsOf<E>` member is. */
function methodModule(model) {
  return [
    `// ${model.header}`,
    'import type { EndpointMethod, OperationTypes } from "../kernel/index.js";',
    "",
    "/**",
    " * The endpoint method of route `R` of scope `S` in a deployment's routes per scope `E` (`never` where",
    " * `E` lacks it): what makes the methods of a scope generic in the deployment (types/scopes.ts,",
    " * types/<deployment>.ts). Only scope `S`'s routes are resolved, not every route of `E`.",
    " */",
    "export type MethodOf<E, S extends string, R extends string> = E extends {",
    "  [K in S]: { [Q in R]: infer T extends OperationTypes };",
    "}",
    "  ? EndpointMethod<T>",
    "  : never;",
    "",
  ].join("\n");
}

/** How much of each other deployment's types is declared by an earlier one (for the README). */
function sharing(placed) {
  return placed.slice(1).map(({ deployment, home }) => {
    const count = (map) => [...map.values()].filter((at) => at !== deployment).length;
    return {
      deployment,
      components: [count(home.components), home.components.size],
      entries: [count(home.entries), home.entries.size],
    };
  });
}

/**
 * types/deployments.ts: `DeploymentTypes` and `VersionTypes` hold api.github.com's types only.
 * Every other deployment's file, and every later version's, adds itself to them
 * (`deploymentAugmentation`): a program reads those types only where it imports them
 * (`forgekit/types/<name>`, or a deployment's registry entry), not from `import "forgekit"`.
 */
function deploymentsTypesModule(models) {
  const [model] = models;
  return [
    `// ${model.header}`,
    'import type { Endpoints, RestScopes } from "./index.js";',
    "",
    "/**",
    " * Each deployment's endpoint methods per scope and its routes, by its `deployment` name:",
    ` * ${model.deployment}'s, and each other deployment's once its types are imported`,
    ' * (`import type {} from "forgekit/types/ghes-3.18"`, docs/github-enterprise.md).',
    " */",
    "export interface DeploymentTypes {",
    `  ${JSON.stringify(model.deployment)}: { scopes: RestScopes; endpoints: Endpoints };`,
    "}",
    "",
    "/** Every deployment types/ has types for, imported or not (a `deployment` name outside it is a type error). */",
    `export type GeneratedDeployment = ${models.map((m) => JSON.stringify(m.deployment)).join(" | ")};`,
    "",
    "/**",
    " * The same for a later REST API version (`X-GitHub-Api-Version`), by deployment then version,",
    ' * once its types are imported (`import type {} from "forgekit/types/api.github.com@2026-03-10"`,',
    " * docs/api-versions.md).",
    " */",
    "// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging",
    "export interface VersionTypes {}",
    "",
    "/**",
    " * The REST API versions (`X-GitHub-Api-Version`) each deployment's description supports, its default",
    " * first: `typeof apiVersions` of definitions/deployments.ts, as a type of this public module.",
    " */",
    "export interface ApiVersions {",
    ...models.map(
      (m) =>
        `  readonly ${JSON.stringify(m.deployment)}: readonly [${m.apiVersions.map((v) => JSON.stringify(v)).join(", ")}];`,
    ),
    "}",
    "",
  ].join("\n");
}

/** The end of types/<name>.ts: the module augmentation that adds deployment (or version) `name` to types/deployments.ts. */
function deploymentAugmentation(name) {
  const prefix = typePrefix(name, false);
  const types = `{ scopes: ${prefix}RestScopes; endpoints: ${prefix}Endpoints }`;
  const [deployment, version] = name.split("@");
  const member = version
    ? [`  interface VersionTypes {`, `    ${propertyKey(deployment)}: { ${JSON.stringify(version)}: ${types} };`, "  }"]
    : [`  interface DeploymentTypes {`, `    ${propertyKey(deployment)}: ${types};`, "  }"];
  return [
    "",
    `// Importing this module gives the endpoints plugin ${name}'s types (types/deployments.ts).`,
    'declare module "./deployments.js" {',
    ...member,
    "}",
    "",
  ].join("\n");
}

/**
 * The component types components.ts declares: those some operation's parameters or response
 * reach (on any deployment that takes them from api.github.com), the ones another deployment's
 * file imports (its `_Base`s), and every type these name. The rest (mostly webhook payloads,
 * which no operation sends or returns) are left out: every user's type-check parses this file,
 * and they were three quarters of its bytes (test/bench/typecheck.mjs).
 */
function keptComponents(root, needed, deploymentTexts) {
  const kept = new Set();
  const visit = (name) => {
    if (kept.has(name)) return;
    kept.add(name);
    for (const ref of root.components.get(name).refs) visit(ref);
  };
  for (const name of root.components.keys()) if (needed.has(`${root.deployment} ${name}`)) visit(name);
  for (const text of deploymentTexts)
    for (const [, list] of text.matchAll(/^import type \{ ([^}]*) \} from "\.\/components\.js";$/gm))
      for (const item of list.split(", ")) visit(item.split(" as ")[0]);
  return kept;
}

async function componentsModule(compile, model, schemaNames, kept) {
  const used = new Set();
  const properties = {};
  for (const [key, schema] of Object.entries(model.spec.components.schemas)) {
    if (!kept.has(schemaNames.get(key))) continue;
    properties[key] = { ...toJsonSchema(schema, schemaNames, used), title: schemaNames.get(key) };
  }
  const root = {
    title: "Schemas",
    description: "Every components.schemas entry by its key in the description.",
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
  const text = await compile(root, "Schemas", { ...JSTT_OPTIONS, bannerComment: `// ${model.header}` });
  assertDeclaredNames("types/components.ts", text, [...kept, "Schemas"]);
  return withoutRoot(text, "Schemas");
}

/**
 * types/scopes.ts: every scope's `<Scope>Endpoints` and `<Scope>MethodsOf<E>` in one file (one file
 * to open for a type-check, one to install, instead of one per scope).
 */
async function scopesTypesModule(compile, model, schemaNames, scopeFiles) {
  const used = new Set();
  const generated = new Set(["MethodOf", "ScopeEndpoints", "E"]);
  const bodies = [];
  for (const scope of scopeFiles.values()) {
    const body = await scopeTypes(compile, model, schemaNames, scope, used);
    for (const name of body.names) generated.add(name);
    bodies.push(body.text);
  }
  for (const name of SHARED_PARAMETER_NAMES) generated.add(name);
  const clashes = [...used].filter((name) => generated.has(name));
  if (clashes.length)
    throw new Error(`generate: component type(s) ${clashes.join(", ")} clash with generated names in types/scopes.ts`);
  const shared = shareParameters(bodies);
  return [
    `// ${model.header}`,
    'import type { ScopeEndpoints } from "./index.js";',
    'import type { MethodOf } from "./method.js";',
    ...(used.size ? [`import type { ${[...used].sort().join(", ")} } from "./components.js";`] : []),
    "",
    ...shared.declarations,
    ...shared.texts,
  ].join("\n");
}

/** One scope's part of types/scopes.ts; the component types it names are added to `used`. */
async function scopeTypes(compile, model, schemaNames, scope, used) {
  const endpointsName = `${pascalCase(scope.scope)}Endpoints`;
  const methodsName = `${pascalCase(scope.scope)}Methods`;
  const operationsById = new Map(
    model.operations.map((operation) => [`${operation.scope}.${operation.name}`, operation]),
  );
  const members = [
    ...scope.operations.map((operation) => ({
      name: operation.name,
      doc: methodDoc(operation),
      operation,
    })),
    ...scope.aliases.map(({ name, target }) => ({
      name,
      doc: [`@deprecated use \`${target}\``],
      operation: operationsById.get(target),
    })),
  ].sort(compareBy((member) => member.name));
  let endpoints = "";
  if (scope.operations.length) {
    const schema = endpointsSchema(model.spec, endpointsName, scope.operations, schemaNames, used);
    endpoints = await compile(schema, endpointsName, { ...JSTT_OPTIONS, bannerComment: "" });
  }
  // Generic in the routes, so that another deployment whose routes type an operation differently
  // has these methods (their docs included) without declaring them again (deployment-types.mjs).
  const methods = [
    `/** The endpoint methods of \`client.${scope.scope}\` over a deployment's routes per scope, \`E\` (its \`ScopeEndpoints\`). */`,
    `export interface ${methodsName}Of<E> {`,
    ...members.flatMap((member) => [
      ...docComment(member.doc, "  "),
      `  ${propertyKey(member.name)}: ${methodOf(member.operation.scope, member.operation.route)};`,
    ]),
    "}",
    "",
    `/** The endpoint methods of \`client.${scope.scope}\`. */`,
    `export interface ${methodsName} extends ${methodsName}Of<ScopeEndpoints> {}`,
  ];
  return {
    names: [endpointsName, methodsName, `${methodsName}Of`],
    text: [...(endpoints ? [endpoints.trim(), ""] : []), ...methods, ""].join("\n"),
  };
}

/** `{ "GET /repos/{owner}/{repo}": { parameters: {...}; response: FullRepository } }` as JSON Schema. */
function endpointsSchema(spec, title, operations, schemaNames, used) {
  const properties = {};
  for (const operation of operations) {
    properties[operation.route] = {
      type: "object",
      properties: {
        parameters: parametersSchema(spec, operation, schemaNames, used),
        response: responseSchema(spec, operation, schemaNames, used),
      },
      required: ["parameters", "response"],
    };
  }
  return {
    title,
    description: "Parameters and response of each route, keyed like `definitions/`.",
    type: "object",
    properties,
    required: Object.keys(properties),
  };
}

function typesIndexModule(model, scopeFiles) {
  const scopes = [...scopeFiles.values()];
  const withEndpoints = scopes.filter((scope) => scope.operations.length);
  const endpoints = (scope) => `${pascalCase(scope.scope)}Endpoints`;
  const methods = (scope) => `${pascalCase(scope.scope)}Methods`;
  return [
    `// ${model.header}`,
    `import type { ${scopes.flatMap((scope) => [...(scope.operations.length ? [endpoints(scope)] : []), methods(scope)]).join(", ")} } from "./scopes.js";`,
    "",
    'export type * from "./components.js";',
    "",
    "/** Every operation of api.github.com: route (as in `definitions/`) → `{ parameters; response }`. */",
    `export interface Endpoints`,
    ...withEndpoints.map(
      (scope, index) =>
        `  ${index ? " " : "extends"} ${endpoints(scope)}${index === withEndpoints.length - 1 ? " {}" : ","}`,
    ),
    "",
    "/** api.github.com's routes per scope, which the `<Scope>MethodsOf<E>` of types/scopes.ts read. */",
    "export interface ScopeEndpoints {",
    ...withEndpoints.map((scope) => `  ${propertyKey(scope.scope)}: ${endpoints(scope)};`),
    "}",
    "",
    "/** The endpoint methods of each scope (`client.repos.get`), deprecated aliases included. */",
    "export interface RestScopes {",
    ...scopes.map((scope) => `  ${propertyKey(scope.scope)}: ${methods(scope)};`),
    "}",
    "",
  ].join("\n");
}

function typesReadme(model, shared, kept) {
  const percent = ([part, whole]) => `${part} of ${whole} (${Math.round((100 * part) / whole)}%)`;
  return [
    `<!-- ${model.header} -->`,
    "# types/",
    "",
    `Type-only TypeScript for every deployment in \`definitions/\`, generated from @octokit/openapi ${model.pkgVersion}`,
    "with json-schema-to-typescript by `node build.mjs generate`. Every file holds only `export interface` / `export type`,",
    "so nothing here reaches a bundle. Do not edit: regenerate.",
    "",
    "- `components.ts`: one type per `components.schemas` entry of api.github.com (the default deployment) that an",
    "  operation's parameters or response reach, or that another deployment's file builds on, PascalCase of its key",
    "  (`full-repository` → `FullRepository`). OpenAPI `nullable: true` is `| null`. The other schemas (webhook payloads,",
    "  which no operation sends or returns) are left out: every type-check parses this file.",
    "- `scopes.ts`: every scope's api.github.com `<Scope>Endpoints` (route → `{ parameters; response }`, routes exactly as in",
    "  `definitions/`) and `<Scope>MethodsOf<E>` (method → `MethodOf<E, scope, route>`, with the summary, the docs link and",
    "  `@deprecated` aliases: generic in a deployment's routes per scope `E`, so that every deployment shares them), with",
    "  `<Scope>Methods` = `<Scope>MethodsOf<ScopeEndpoints>` api.github.com's. `method.ts` holds `MethodOf`, an",
    "  `EndpointMethod<…>`. Parameters are path, query and top-level body properties (the one that is the whole body, `extra.body` in",
    "  `definitions/`, included); a raw body is `data`. Responses are the 2xx JSON schema, `string` for text, `ArrayBuffer`",
    "  for binary, `undefined` when there is no content, `unknown` for redirect-only downloads. Parameters many routes",
    "  repeat word for word (`owner` and `repo`, `org`, `per_page` and `page`, …) are declared once, with their",
    "  descriptions, and intersected in (`RepositoryParameters & { branch: string }`; definitions/generate/shared-parameters.mjs).",
    "- `index.ts`: api.github.com's `Endpoints` (all routes), `ScopeEndpoints` (scope → routes), `RestScopes` (scope →",
    "  methods) and the component types.",
    "- `<deployment>.ts` (`ghec.ts`, `ghes-3.17.ts`, …): only what that deployment's description types differently from",
    "  every deployment before it (in the order of definitions/generate/deployments.mjs): its component types, route",
    "  entries and methods, named with its prefix (`Ghes317ReposMethods`), the rest `Pick`ed or imported from where it is",
    "  declared. A method is declared by the first deployment with its name and route; later ones take it, typed by their",
    "  own routes (`<Prefix>ScopeEndpoints`). Two types are the same when their schemas, descriptions aside, are equal and every type they name is the",
    "  same; the comments of a shared type are the first deployment's. What these files declare has no field",
    "  descriptions (every type-check parses them; methods keep their summary and docs link). `<Prefix>RestScopes` and",
    "  `<Prefix>Endpoints` are that deployment's whole surface. `node build.mjs generate` checks each one's methods",
    "  against its registry.",
    "- `<deployment>@<version>.ts` (`api.github.com@2026-03-10.ts`): the same for a later REST API version, the",
    "  description with that version's `x-github-breaking-changes` applied: only what the version changes is declared.",
    "- `deployments.ts`: `DeploymentTypes`, deployment name → `{ scopes; endpoints }`, and `VersionTypes`, deployment →",
    "  version → the same, which the endpoints plugin reads. They hold api.github.com's only: each `<deployment>.ts` and",
    "  `<deployment>@<version>.ts` adds itself to them (a `declare module` at its end), so a program reads another",
    "  deployment's or version's types only where it imports them (`forgekit/types/<name>`; a deployment's registry",
    "  entry, `forgekit/deployments/<name>`, brings its own). `ApiVersions`: each deployment's REST API versions, its",
    "  default first (the type of `apiVersions` in definitions/deployments.ts).",
    "",
    `${model.operations.length} operations in ${model.scopes.size} scopes, ${model.legacy.aliases.size} deprecated aliases, ${kept.size} of ${Object.keys(model.spec.components.schemas).length} component schemas declared (api.github.com).`,
    "Declared by an earlier deployment (shared):",
    "",
    "| deployment | component types | route entries |",
    "| --- | ---: | ---: |",
    ...shared.map((row) => `| ${row.deployment} | ${percent(row.components)} | ${percent(row.entries)} |`),
    "",
  ].join("\n");
}
