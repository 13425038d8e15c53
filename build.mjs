#!/usr/bin/env node
// forgekit's one build script.
//   node build.mjs            build dist/ (ESM per file, CJS, browser bundles, declarations)
//   node build.mjs generate   regenerate definitions/ and types/ from @octokit/openapi
//   node build.mjs generate --check   fail when regenerating would change committed output
//   node build.mjs size       print bundle sizes and enforce budgets
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const [command = "build", ...args] = process.argv.slice(2);

// #region generate (owner: generator)
// `node build.mjs generate [--check]` writes definitions/ (route registry, every deployment) and
// types/ (type-only, api.github.com) from @octokit/openapi. Everything below generate() is pure:
// descriptions in, a Map of file path → text out; generate() alone touches the file system.
// Only the non-dereferenced JSON descriptions are read: the package's index.js loads every
// description, dereferenced, ~385 MB.

const OPENAPI_DIR = new URL("./node_modules/@octokit/openapi/", import.meta.url);
const DEPLOYMENTS = [
  { name: "api.github.com", dir: "definitions" },
  { name: "ghec", dir: "definitions/ghec" },
  { name: "ghes-3.17", dir: "definitions/ghes-3.17" },
  { name: "ghes-3.18", dir: "definitions/ghes-3.18" },
  { name: "ghes-3.19", dir: "definitions/ghes-3.19" },
];
const TYPES_DEPLOYMENT = "api.github.com";
const GENERATED_DIRS = ["definitions", "types"];
// Old @octokit/rest method tables, newest first: v16's wins when both name the same method.
const LEGACY_TABLES = [
  { label: "@octokit/rest v16", file: "./node_modules/octokit-endpoint-methods-v2/dist-src/generated/endpoints.js" },
  { label: "@octokit/rest v15", file: "./node_modules/octokit-rest-v15/lib/routes.json" },
];
// Fixed Fields of an OpenAPI 3.0 Path Item that are not operations (nor are `x-` extensions).
const PATH_ITEM_FIELDS = new Set(["$ref", "summary", "description", "servers", "parameters"]);
const HTTP_VERBS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const LOCATION_FLAG = { path: "p", query: "q", header: "h", body: "b" };
// A raw (non-JSON) binary body: what fetch accepts and both browsers and Node can produce.
const BINARY_DATA_TYPE = "string | ArrayBuffer | ArrayBufferView | Blob";
const JSTT_OPTIONS = {
  additionalProperties: false,
  strictIndexSignatures: true,
  unknownAny: true,
  ignoreMinAndMaxItems: true, // minItems/maxItems would become unions of tuples
  unreachableDefinitions: false,
  format: true,
  style: {
    printWidth: 120,
    tabWidth: 2,
    useTabs: false,
    semi: true,
    singleQuote: false,
    trailingComma: "all",
    bracketSpacing: true,
  },
};
// OpenAPI keywords json-schema-to-typescript must not see: names (`title` would mint
// `Repository1…N`), examples, and `nullable`, which toJsonSchema turns into a `null` member.
const DROPPED_KEYWORDS = new Set([
  "title",
  "example",
  "examples",
  "nullable",
  "discriminator",
  "readOnly",
  "writeOnly",
  "externalDocs",
  "xml",
]);

async function generate(args) {
  const unknown = args.filter((arg) => arg !== "--check");
  if (unknown.length)
    throw new Error(`generate: unknown argument(s) ${unknown.join(" ")}. Use \`generate\` or \`generate --check\`.`);
  const started = performance.now();
  const fs = await import("node:fs");
  const files = await generatedFiles();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (args.includes("--check")) {
    const changes = changedFiles(fs, files);
    if (changes.length) {
      console.error(`generate --check: ${changes.length} file(s) differ from a fresh generation:`);
      for (const change of changes) console.error(`  ${change}`);
      console.error("Run `node build.mjs generate` and commit definitions/ and types/.");
      process.exit(1);
    }
    console.log(`generate --check: ${files.size} files up to date (${seconds}s)`);
    return;
  }
  const written = writeTree(fs, files);
  console.log(`generate: ${files.size} files in ${GENERATED_DIRS.join("/, ")}/ (${written} changed) in ${seconds}s`);
}

/** Every generated file, path relative to the repository → content. */
async function generatedFiles() {
  const pkgVersion = readJson(new URL("package.json", OPENAPI_DIR)).version;
  const legacyTables = await loadLegacyTables();
  const files = new Map();
  const models = [];
  for (const deployment of DEPLOYMENTS) {
    const model = describeDeployment(deployment, pkgVersion, legacyTables);
    for (const [path, text] of definitionFiles(model)) files.set(`${deployment.dir}/${path}`, text);
    models.push(model);
  }
  files.set("definitions/README.md", definitionsReadme(models));
  const typesModel = models.find((model) => model.deployment === TYPES_DEPLOYMENT);
  for (const [path, text] of await typeFiles(typesModel)) files.set(`types/${path}`, text);
  return files;
}

// ---- loading and describing a deployment (shared by definitions and types) ----

function readJson(url) {
  return JSON.parse(readFileSync(url, "utf8"));
}

async function loadLegacyTables() {
  const tables = [];
  for (const { label, file } of LEGACY_TABLES) {
    const url = new URL(file, import.meta.url);
    const table = file.endsWith(".json") ? readJson(url) : (await import(url.href)).default;
    tables.push({ label, table });
  }
  return tables;
}

/** One deployment's description, reduced to what both generators need. */
function describeDeployment({ name, dir }, pkgVersion, legacyTables) {
  const spec = readJson(new URL(`generated/${name}.json`, OPENAPI_DIR));
  const header = `Generated by \`node build.mjs generate\` from @octokit/openapi ${pkgVersion} (${name} description ${spec.info.version}). Do not edit; regenerate instead.`;
  const operations = operationsOf(spec);
  assertEveryOperation(name, spec, operations);
  const scopes = groupBy(operations, (operation) => operation.scope);
  const legacy = legacyAliases(operations, legacyTables);
  return {
    deployment: name,
    dir,
    spec,
    pkgVersion,
    descriptionVersion: spec.info.version,
    header,
    operations,
    scopes,
    legacy,
  };
}

function operationsOf(spec) {
  const operations = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const verb of HTTP_VERBS) {
      if (item[verb]) operations.push(describeOperation(spec, path, verb, item[verb], item.parameters ?? []));
    }
  }
  return operations.sort(compareBy((operation) => `${operation.scope}.${operation.name}`));
}

/** Never drop an operation silently: one route entry per operation of the description. */
function assertEveryOperation(deployment, spec, operations) {
  let expected = 0;
  for (const item of Object.values(spec.paths)) {
    expected += Object.keys(item).filter((key) => !PATH_ITEM_FIELDS.has(key) && !key.startsWith("x-")).length;
  }
  const names = new Set(operations.map((operation) => `${operation.scope}.${operation.name}`));
  if (operations.length !== expected || names.size !== expected) {
    throw new Error(
      `generate: ${deployment} describes ${expected} operations but ${names.size} scope.method names came out. Fix operationName() or the verb list.`,
    );
  }
}

/** `code-scanning/list-alerts-for-repo` → scope `codeScanning` (file `code-scanning`), name `listAlertsForRepo`. */
function operationName(operationId) {
  const parts = operationId.split("/");
  if (parts.length !== 2) throw new Error(`generate: operationId "${operationId}" is not "<scope>/<name>"`);
  return { scope: camelCase(parts[0]), file: parts[0], name: camelCase(parts[1]) };
}

function camelCase(kebab) {
  return kebab.replace(/-+([a-z0-9])/gi, (_, char) => char.toUpperCase());
}

/** `full-repository` → `FullRepository`; a letter after digits is upper-cased, as json-schema-to-typescript does. */
function pascalCase(text) {
  return text
    .replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, char) => char.toUpperCase())
    .replace(/(\d)([a-z])/g, (_, digit, char) => digit + char.toUpperCase());
}

function kebabCase(camel) {
  return camel.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);
}

/** Follow local `$ref`s ("#/components/parameters/owner") to the object they point at. */
function resolveRef(spec, node) {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
    const ref = current.$ref;
    if (hops > 16 || !ref.startsWith("#/")) throw new Error(`generate: cannot resolve $ref "${ref}"`);
    current = ref
      .slice(2)
      .split("/")
      .reduce((parent, key) => parent?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], spec);
    if (current === undefined) throw new Error(`generate: $ref "${ref}" points nowhere`);
  }
  return current;
}

function describeOperation(spec, path, verb, op, pathItemParameters) {
  const { scope, file, name } = operationName(op.operationId);
  const parameters = operationParameters(spec, op, pathItemParameters);
  const body = describeBody(spec, op);
  const operation = { id: op.operationId, scope, file, name, verb, path, op, parameters, body };
  operation.fields = operationFields(operation);
  operation.route = routeOf(operation);
  operation.defaults = routeDefaults(operation);
  operation.extra = routeExtra(operation);
  return operation;
}

/** Path, query and header parameters, `$ref`s to components/parameters resolved; operation-level wins. */
function operationParameters(spec, op, pathItemParameters) {
  const byKey = new Map();
  for (const raw of [...pathItemParameters, ...(op.parameters ?? [])]) {
    const parameter = resolveRef(spec, raw);
    if (!["path", "query", "header"].includes(parameter.in)) {
      throw new Error(
        `generate: ${op.operationId} has a parameter "${parameter.name}" in "${parameter.in}", which routes cannot express`,
      );
    }
    byKey.set(`${parameter.in} ${parameter.name}`, {
      name: parameter.name,
      in: parameter.in,
      required: parameter.in === "path" || parameter.required === true,
      schemas: [parameter.schema ?? {}],
      description: parameter.description,
      deprecated: parameter.deprecated === true,
      multiSegment: parameter["x-multi-segment"] === true,
    });
  }
  return [...byKey.values()];
}

function isJsonMediaType(type) {
  return type === "application/json" || /^application\/[\w.-]+\+json$/.test(type);
}

/**
 * The request body: JSON properties (maybe one named parameter that is the whole body,
 * x-github.requestBodyParameterName), or raw `data` with its content type.
 */
function describeBody(spec, op) {
  if (!op.requestBody) return undefined;
  const requestBody = resolveRef(spec, op.requestBody);
  const required = requestBody.required === true;
  const mediaTypes = Object.keys(requestBody.content ?? {});
  const jsonType = mediaTypes.find(isJsonMediaType);
  const named = op["x-github"]?.requestBodyParameterName;
  if (jsonType) {
    const schema = requestBody.content[jsonType].schema ?? {};
    const properties = bodyProperties(spec, schema, required);
    if (named && !properties.some((property) => property.name === named)) {
      throw new Error(`generate: ${op.operationId} names body parameter "${named}" but its body has no such property`);
    }
    if (properties.length) return { kind: "json", required, properties, named };
    return { kind: "data", required, schemas: [schema] };
  }
  const contentType = mediaTypes[0];
  return { kind: "data", required, contentType, mediaTypes, schemas: [requestBody.content[contentType].schema ?? {}] };
}

/**
 * Top-level properties of a JSON body, merged over allOf/oneOf/anyOf. A property is required
 * when the body is and every alternative requires it. Alternatives that only list `required`
 * ("at least one of") constrain nothing a flat parameter list can say, so they are skipped.
 */
function bodyProperties(spec, schema, bodyRequired) {
  const shapes = objectShapes(spec, schema);
  const merged = new Map();
  for (const shape of shapes) {
    for (const [name, propertySchema] of Object.entries(shape.properties)) {
      const entry = merged.get(name) ?? { name, in: "body", schemas: [], keys: new Set() };
      const key = JSON.stringify(propertySchema);
      if (!entry.keys.has(key)) {
        entry.keys.add(key);
        entry.schemas.push(propertySchema);
      }
      merged.set(name, entry);
    }
  }
  return [...merged.values()].map(({ name, schemas }) => {
    const requiredEverywhere = shapes.every((shape) => shape.required.has(name) && name in shape.properties);
    const description = schemas.length === 1 ? resolveRef(spec, schemas[0]).description : undefined;
    return {
      name,
      in: "body",
      required: bodyRequired && requiredEverywhere,
      schemas,
      description,
      deprecated: schemas.every((s) => resolveRef(spec, s).deprecated === true),
    };
  });
}

function isConstraintOnly(schema) {
  return Object.keys(schema).every((key) => key === "required" || key === "description");
}

/** The object shapes a body schema allows: one per oneOf/anyOf alternative, allOf folded in. */
function objectShapes(spec, node) {
  const schema = resolveRef(spec, node);
  const base = { properties: { ...(schema.properties ?? {}) }, required: new Set(schema.required ?? []) };
  for (const member of schema.allOf ?? []) {
    for (const shape of objectShapes(spec, member).slice(0, 1)) {
      Object.assign(base.properties, shape.properties);
      for (const name of shape.required) base.required.add(name);
    }
  }
  const alternatives = (schema.oneOf ?? schema.anyOf ?? []).filter((alternative) => !isConstraintOnly(alternative));
  if (!alternatives.length) return [base];
  return alternatives.flatMap((alternative) =>
    objectShapes(spec, alternative).map((shape) => ({
      properties: { ...base.properties, ...shape.properties },
      required: new Set([...base.required, ...shape.required]),
    })),
  );
}

/**
 * What a caller passes: path, query and header parameters, then body properties (a body
 * property that repeats a path or query name cannot be sent and is left out), or `data`.
 */
function operationFields(operation) {
  const fields = [...operation.parameters];
  const taken = new Set(fields.map((field) => field.name));
  const body = operation.body;
  operation.shadowed = [];
  if (body?.kind === "json") {
    for (const property of body.properties) {
      if (taken.has(property.name)) operation.shadowed.push(property.name);
      else fields.push(property);
    }
  } else if (body) {
    fields.push({ name: "data", in: "body", required: body.required, schemas: body.schemas, raw: body.contentType });
  }
  return fields;
}

// ---- routes ----

/**
 * `POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}`:
 * `{+name}` for multi-segment path parameters, `{origin}` when the operation has its own
 * server, and for non-GET/HEAD operations a form-style query expression (RFC 6570 §3.2.8)
 * naming the query parameters, since everything else goes into the body.
 */
function routeOf({ id, verb, path, op, parameters }) {
  const pathNames = new Set(
    parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name),
  );
  const multi = new Set(
    parameters
      .filter((parameter) => parameter.in === "path" && parameter.multiSegment)
      .map((parameter) => parameter.name),
  );
  const expanded = path.replace(/\{([^}]+)\}/g, (placeholder, name) => {
    if (!pathNames.delete(name))
      throw new Error(`generate: ${id} has {${name}} in its path but no such path parameter`);
    return multi.has(name) ? `{+${name}}` : placeholder;
  });
  if (pathNames.size)
    throw new Error(`generate: ${id} declares path parameter(s) ${[...pathNames].join(", ")} missing from ${path}`);
  const origin = op.servers?.length ? "{origin}" : "";
  const query = parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
  const expression = verb === "get" || verb === "head" || !query.length ? "" : `{?${query.join(",")}}`;
  return `${verb.toUpperCase()} ${origin}${expanded}${expression}`;
}

/** `{ headers: { "content-type" }, origin }` for raw bodies and operations with their own server. */
function routeDefaults({ op, body }) {
  const defaults = {};
  // multipart/form-data needs the boundary fetch adds itself: no fixed content-type for it.
  if (body?.contentType && body.contentType !== "multipart/form-data") {
    const charset = body.contentType.startsWith("text/") ? "; charset=utf-8" : "";
    defaults.headers = { "content-type": `${body.contentType}${charset}` };
  }
  if (op.servers?.length) defaults.origin = op.servers[0].url;
  return Object.keys(defaults).length ? defaults : undefined;
}

/** Names the kernel reads as request options rather than parameters (kernel/route.ts). */
const REQUEST_OPTION_NAMES = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);

/** `{ body, fields, deprecated, renamed }`: what the kernel needs beyond the route itself. */
function routeExtra({ op, body }) {
  const extra = {};
  if (body?.kind === "json" && body.named) extra.body = body.named;
  const note = deprecationNote(op);
  if (note) extra.deprecated = note;
  // A body property named like a request option (`url` of a webhook config) would be taken
  // for that option: list the body's properties so the method builds the body itself.
  if (
    body?.kind === "json" &&
    !body.named &&
    body.properties.some((property) => REQUEST_OPTION_NAMES.has(property.name))
  ) {
    extra.fields = body.properties.map((property) => property.name);
  }
  const renamed = {};
  for (const change of op["x-octokit"]?.changes ?? []) {
    if (change.type === "PARAMETER") renamed[change.before.name] = change.parameter;
  }
  if (Object.keys(renamed).length) extra.renamed = renamed;
  return Object.keys(extra).length ? extra : undefined;
}

/** "deprecated 2024-01-01, removal 2025-04-01", or "deprecated" without dates. */
function deprecationNote(op) {
  const { deprecationDate, removalDate } = op["x-github"] ?? {};
  if (!op.deprecated && !deprecationDate) return undefined;
  return [deprecationDate ? `deprecated ${deprecationDate}` : "deprecated", removalDate && `removal ${removalDate}`]
    .filter(Boolean)
    .join(", ");
}

// ---- legacy names ----

/** `GET /repos/:owner/{repo}{?x}` → `GET /repos/{}/{}`: placeholders anonymous, origin and query gone. */
function routeShape(verb, url) {
  const path = url
    .replace(/^\{origin\}/, "")
    .replace(/\{\?[^}]*\}$/, "")
    .replace(/:\w+|\{\+?[^}]+\}/g, "{}");
  return `${verb.toUpperCase()} ${path}`;
}

/**
 * Deprecated aliases, from data: x-octokit OPERATION changes first, then old @octokit/rest
 * names matched to today's operations by HTTP method and route shape (`alias` entries map
 * through). An alias never shadows a current method; the first source to name it wins.
 */
function legacyAliases(operations, legacyTables) {
  const current = new Map(operations.map((operation) => [`${operation.scope}.${operation.name}`, operation]));
  const byShape = groupBy(operations, (operation) => routeShape(operation.verb, operation.path));
  const aliases = new Map();
  const report = { fromChanges: 0, legacyNames: 0, mapped: 0, unmapped: [], ambiguous: [], conflicts: [] };
  const propose = (oldName, candidates, source) => {
    const targets = [...new Set(candidates.map((operation) => `${operation.scope}.${operation.name}`))].sort();
    if (targets.length > 1)
      report.ambiguous.push(`${oldName} (${source}) → ${targets.join(" | ")}: picked ${targets[0]}`);
    const previous = aliases.get(oldName);
    if (previous && previous.target !== targets[0])
      report.conflicts.push(
        `${oldName}: ${previous.source} → ${previous.target}, ${source} → ${targets[0]} (kept the first)`,
      );
    if (!previous) aliases.set(oldName, { target: targets[0], source });
  };
  const renamed = new Map();
  for (const operation of operations) {
    for (const change of operation.op["x-octokit"]?.changes ?? []) {
      if (change.type !== "OPERATION") continue;
      const old = operationName(change.before.operationId);
      const oldName = `${old.scope}.${old.name}`;
      if (!current.has(oldName)) renamed.set(oldName, [...(renamed.get(oldName) ?? []), operation]);
    }
  }
  for (const [oldName, candidates] of [...renamed].sort(compareBy(([key]) => key)))
    propose(oldName, candidates, "x-octokit");
  report.fromChanges = aliases.size;
  const legacyNames = new Set();
  for (const { label, table } of legacyTables) {
    for (const [scope, methods] of Object.entries(table)) {
      for (const name of Object.keys(methods)) {
        const oldName = `${scope}.${name}`;
        if (current.has(oldName)) continue;
        legacyNames.add(oldName);
        const candidates = resolveLegacyName(legacyTables, label, scope, name, current, byShape);
        if (candidates.length) propose(oldName, candidates, label);
      }
    }
  }
  report.legacyNames = legacyNames.size;
  report.unmapped = [...legacyNames].filter((oldName) => !aliases.has(oldName)).sort();
  report.mapped = report.legacyNames - report.unmapped.length;
  return { aliases, report };
}

/** Today's operations an old `scope.name` stands for: through `alias` entries, then by route shape. */
function resolveLegacyName(legacyTables, label, scope, name, current, byShape, seen = new Set()) {
  const key = `${scope}.${name}`;
  if (current.has(key)) return [current.get(key)];
  if (seen.has(key)) return [];
  seen.add(key);
  const ordered = [...legacyTables].sort((a, b) => (a.label === label ? -1 : b.label === label ? 1 : 0));
  for (const { table } of ordered) {
    const entry = table[scope]?.[name];
    if (entry?.alias) {
      const [aliasScope, aliasName] = entry.alias.split(".");
      return resolveLegacyName(legacyTables, label, aliasScope, aliasName, current, byShape, seen);
    }
    if (entry?.method && entry.url) return byShape.get(routeShape(entry.method, entry.url)) ?? [];
  }
  return [];
}

/** old scope → old name → "scope.method", both levels sorted. */
function aliasTable(legacy) {
  const table = {};
  for (const [oldName, { target }] of [...legacy.aliases].sort(compareBy(([key]) => key))) {
    const [scope, name] = oldName.split(".");
    (table[scope] ??= {})[name] = target;
  }
  return table;
}

// ---- parameter metadata (definitions/params) ----

/** `[name, flags, type, values?]`, e.g. `["state", "q", "string", ["open", "closed", "all"]]`. */
function paramMeta(spec, field) {
  const flags =
    LOCATION_FLAG[field.in] +
    (field.required ? "!" : "") +
    (field.schemas.some((schema) => isNullable(spec, schema)) ? "?" : "") +
    (field.multiSegment ? "*" : "");
  const type =
    field.raw && !field.raw.startsWith("text/")
      ? "string|object"
      : unique(field.schemas.flatMap((schema) => schemaKinds(spec, schema))).join("|");
  const values = enumValues(spec, field.schemas);
  return values ? [field.name, flags, type, values] : [field.name, flags, type];
}

/** JSON types a schema admits ("string", "integer", …), unions flattened; [] when unconstrained. */
function schemaKinds(spec, node) {
  const schema = resolveRef(spec, node);
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type) => type !== "null");
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return unique(alternatives.flatMap((alternative) => schemaKinds(spec, alternative)));
  if (schema.allOf) return schema.allOf.map((member) => schemaKinds(spec, member)).find((kinds) => kinds.length) ?? [];
  if (schema.properties || schema.additionalProperties) return ["object"];
  if (schema.items) return ["array"];
  if (schema.enum)
    return unique(
      schema.enum
        .filter((value) => value !== null)
        .map((value) => (Number.isInteger(value) ? "integer" : typeof value)),
    );
  return [];
}

function isNullable(spec, node) {
  const schema = resolveRef(spec, node);
  if (
    schema.nullable === true ||
    schema.type === "null" ||
    (Array.isArray(schema.type) && schema.type.includes("null"))
  )
    return true;
  if (schema.enum?.includes(null)) return true;
  return (schema.oneOf ?? schema.anyOf ?? []).some((alternative) => isNullable(spec, alternative));
}

/** Allowed values when every alternative is an enum; nullable enums include `null`. */
function enumValues(spec, schemas) {
  const values = [];
  for (const node of schemas) {
    const schema = resolveRef(spec, node);
    const alternatives = schema.oneOf ?? schema.anyOf;
    const own = alternatives ? enumValues(spec, alternatives) : schema.enum;
    if (!own) return undefined;
    values.push(...own);
    if (schema.nullable === true) values.push(null);
  }
  return values.length ? unique(values) : undefined;
}

// ---- definitions/ ----

function definitionFiles(model) {
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
  const aliases = Object.entries(aliasTable(model.legacy)).flatMap(([scope, methods]) => [
    `  ${propertyKey(scope)}: {`,
    ...Object.entries(methods).map(([name, target]) => `    ${propertyKey(name)}: ${JSON.stringify(target)},`),
    "  },",
  ]);
  return [
    `// ${model.header}`,
    "",
    "/** Deprecated method names: old scope → old name → `scope.method` of today's operation. */",
    "export const aliases: Record<string, Record<string, string>> = {",
    ...aliases,
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
    'export { aliases } from "./aliases.js";',
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

function definitionsReadme(models) {
  const api = models.find((model) => model.deployment === TYPES_DEPLOYMENT);
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
    "`generate` region of `build.mjs` and run `node build.mjs generate`. CI runs `node build.mjs generate --check`,",
    "which exits 1 and lists the files that differ when the committed output is stale.",
    "",
    "## Layout (per deployment)",
    "",
    "- `index.ts`: `names` (front-coded method names per scope), `load(scope)` / `loadParams(scope)` (through `loaders.ts`, itself a chunk), `loadAliases` (the alias chunk). No routes.",
    "- `loaders.ts`: one literal `import()` per scope for routes and for parameters, so bundlers split one chunk per scope.",
    "- `aliases.ts`: deprecated names (old scope → old name → today's `scope.method`), in its own chunk.",
    "- `all.ts`: every scope's routes imported statically, plus `names` and `aliases`.",
    '- `scopes/<scope>.ts`: `method: [route, defaults?, extra?]`, e.g. `["POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", { … origin }]`.',
    "  `{+name}` is a multi-segment path parameter; `{?a,b}` lists the query parameters of a non-GET operation; `extra` holds",
    "  `body` (the parameter that is the whole body), `deprecated` and `renamed` (old parameter name → new).",
    "- `params/<scope>.ts`: `method: [[name, flags, type, values?], …]` for the validation plugin. Flags: `p|q|b|h` (path,",
    '  query, body, header), then `!` required, `?` nullable, `*` multi-segment. Type `""` means the schema sets none.',
    "",
    "The top level is api.github.com; `ghec/`, `ghes-3.17/`, `ghes-3.18/` and `ghes-3.19/` hold the same layout for their descriptions.",
    "",
    "## Operations",
    "",
    "| deployment | description | operations | scopes | deprecated aliases | old @octokit/rest names mapped / not |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...models.map(
      ({ deployment, descriptionVersion, operations, scopes, legacy }) =>
        `| ${deployment} | ${descriptionVersion} | ${operations.length} | ${scopes.size} | ${legacy.aliases.size} | ${legacy.report.mapped} / ${legacy.report.unmapped.length} |`,
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
    `@octokit/rest v15 and v16 method names that are not current names: ${report.legacyNames}, of which ${report.mapped} map to a current operation (same HTTP method and route, or through an \`alias\`) and ${report.unmapped.length} do not.`,
    "",
    "Old names matching several operations (the first, sorted, is used):",
    "",
    ...list(report.ambiguous),
    "",
    "Old names given different targets by different sources:",
    "",
    ...list(report.conflicts),
    "",
    "Old names with no current operation (removed endpoints):",
    "",
    ...list(report.unmapped.map((name) => `\`${name}\``)),
    "",
  ].join("\n");
}

function successResponses(spec, op) {
  return Object.entries(op.responses ?? {})
    .filter(([status]) => /^2/.test(status))
    .sort(compareBy(([status]) => status))
    .map(([status, response]) => ({ status, content: resolveRef(spec, response).content ?? {} }));
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

// ---- types/ ----

async function typeFiles(model) {
  const { compile } = await import("json-schema-to-typescript");
  const schemaNames = componentTypeNames(model.spec);
  const files = new Map();
  files.set("components.ts", await componentsModule(compile, model, schemaNames));
  const scopeFiles = typeScopes(model);
  for (const scope of scopeFiles.values())
    files.set(`scopes/${scope.file}.ts`, await scopeTypesModule(compile, model, schemaNames, scope, scopeFiles));
  files.set("index.ts", typesIndexModule(model, scopeFiles));
  files.set("README.md", typesReadme(model));
  return files;
}

/** components.schemas key → exported type name; fails on a clash instead of minting `Name1`. */
function componentTypeNames(spec) {
  const names = new Map();
  const taken = new Map();
  for (const key of Object.keys(spec.components.schemas)) {
    const name = pascalCase(key);
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || name === "Schemas")
      throw new Error(`generate: schema "${key}" gives the unusable type name "${name}"`);
    if (taken.has(name))
      throw new Error(`generate: schemas "${taken.get(name)}" and "${key}" both become type ${name}`);
    taken.set(name, key);
    names.set(key, name);
  }
  return names;
}

/** An OpenAPI 3.0 schema as JSON Schema for json-schema-to-typescript; `$ref`s become named types. */
function toJsonSchema(node, schemaNames, used) {
  if (node.$ref) {
    const key = node.$ref.match(/^#\/components\/schemas\/(.+)$/)?.[1];
    const name = key && schemaNames.get(key);
    if (!name) throw new Error(`generate: cannot name the type of $ref "${node.$ref}"`);
    used.add(name);
    return { tsType: name };
  }
  const convert = (child) => toJsonSchema(child, schemaNames, used);
  const out = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.has(keyword) || keyword.startsWith("x-")) continue;
    if (keyword === "properties")
      out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, convert(schema)]));
    else if (keyword === "items" || keyword === "additionalProperties" || keyword === "not")
      out[keyword] = typeof value === "object" ? convert(value) : value;
    else if (keyword === "oneOf" || keyword === "anyOf" || keyword === "allOf") {
      const members = value.filter((member) => !isConstraintOnly(member));
      if (members.length) out[keyword] = members.map(convert);
    } else if (keyword === "description") out.description = commentText(value);
    else out[keyword] = value;
  }
  return node.nullable === true ? withNull(out) : out;
}

/** OpenAPI's `nullable: true` as JSON Schema: `null` in the enum or type, else `anyOf [..., null]`. */
function withNull(schema) {
  if (schema.enum)
    return {
      ...schema,
      enum: unique([...schema.enum, null]),
      ...(typeof schema.type === "string" && { type: [schema.type, "null"] }),
    };
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  const { description, ...rest } = schema;
  return { ...(description && { description }), anyOf: [rest, { type: "null" }] };
}

/** Text safe inside a `/** … *\/` comment. */
function commentText(text) {
  return text.replaceAll("*/", "*\\/");
}

async function componentsModule(compile, model, schemaNames) {
  const used = new Set();
  const properties = {};
  for (const [key, schema] of Object.entries(model.spec.components.schemas)) {
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
  assertDeclaredNames("types/components.ts", text, [...schemaNames.values(), "Schemas"]);
  return text;
}

/** json-schema-to-typescript names inline schemas it cannot place; fail instead of shipping `Repository1`. */
function assertDeclaredNames(file, text, expected) {
  const declared = [...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
  const want = new Set(expected);
  const extra = declared.filter((name) => !want.delete(name));
  if (extra.length || want.size)
    throw new Error(
      `generate: ${file} declares [${extra.join(", ")}] it should not and lacks [${[...want].join(", ")}]`,
    );
}

/** Scopes of the Methods interfaces: today's scopes plus old ones that only hold aliases. */
function typeScopes(model) {
  const scopes = new Map();
  for (const [scope, operations] of model.scopes)
    scopes.set(scope, { scope, file: operations[0].file, operations, aliases: [] });
  for (const [oldName, { target }] of [...model.legacy.aliases].sort(compareBy(([key]) => key))) {
    const [scope, name] = oldName.split(".");
    if (!scopes.has(scope)) scopes.set(scope, { scope, file: kebabCase(scope), operations: [], aliases: [] });
    scopes.get(scope).aliases.push({ name, target });
  }
  const files = new Set();
  for (const { file } of scopes.values()) {
    if (files.has(file)) throw new Error(`generate: two scopes write types/scopes/${file}.ts`);
    files.add(file);
  }
  return new Map([...scopes].sort(compareBy(([scope]) => scope)));
}

async function scopeTypesModule(compile, model, schemaNames, scope, scopeFiles) {
  const used = new Set();
  const endpointsName = `${pascalCase(scope.scope)}Endpoints`;
  const methodsName = `${pascalCase(scope.scope)}Methods`;
  const operationsById = new Map(
    model.operations.map((operation) => [`${operation.scope}.${operation.name}`, operation]),
  );
  const otherEndpoints = new Map();
  const endpointRef = (operation) => {
    if (operation.scope === scope.scope && scope.operations.length)
      return `${endpointsName}[${JSON.stringify(operation.route)}]`;
    const name = `${pascalCase(operation.scope)}Endpoints`;
    otherEndpoints.set(name, scopeFiles.get(operation.scope).file);
    return `${name}[${JSON.stringify(operation.route)}]`;
  };
  const members = [
    ...scope.operations.map((operation) => ({
      name: operation.name,
      doc: methodDoc(operation),
      type: endpointRef(operation),
    })),
    ...scope.aliases.map(({ name, target }) => ({
      name,
      doc: [`@deprecated use \`${target}\``],
      type: endpointRef(operationsById.get(target)),
    })),
  ].sort(compareBy((member) => member.name));
  let endpoints = "";
  if (scope.operations.length) {
    const schema = endpointsSchema(model.spec, endpointsName, scope.operations, schemaNames, used);
    endpoints = await compile(schema, endpointsName, { ...JSTT_OPTIONS, bannerComment: "" });
  }
  for (const name of [endpointsName, methodsName, "EndpointMethod", ...otherEndpoints.keys()]) {
    if (used.has(name))
      throw new Error(
        `generate: component type ${name} clashes with a generated name in types/scopes/${scope.file}.ts`,
      );
  }
  const imports = [
    'import type { EndpointMethod } from "../../kernel/index.js";',
    ...(used.size ? [`import type { ${[...used].sort().join(", ")} } from "../components.js";`] : []),
    ...[...otherEndpoints]
      .sort(compareBy(([name]) => name))
      .map(([name, file]) => `import type { ${name} } from "./${file}.js";`),
  ];
  const methods = [
    `/** The endpoint methods of \`client.${scope.scope}\`. */`,
    `export interface ${methodsName} {`,
    ...members.flatMap((member) => [
      ...docComment(member.doc, "  "),
      `  ${propertyKey(member.name)}: EndpointMethod<${member.type}>;`,
    ]),
    "}",
  ];
  return [`// ${model.header}`, ...imports, "", ...(endpoints ? [endpoints.trim(), ""] : []), ...methods, ""].join(
    "\n",
  );
}

function methodDoc(operation) {
  const { summary, externalDocs } = operation.op;
  const note = operation.extra?.deprecated;
  return [
    summary && commentText(summary),
    externalDocs?.url && `@see ${externalDocs.url}`,
    note && `@deprecated ${note}`,
  ].filter(Boolean);
}

function docComment(lines, indent) {
  if (!lines.length) return [];
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`), `${indent} */`];
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

function parametersSchema(spec, operation, schemaNames, used) {
  const properties = {};
  for (const field of operation.fields) {
    const schema = fieldSchema(field, schemaNames, used);
    if (field.description) schema.description = commentText(field.description);
    if (field.deprecated) schema.deprecated = true;
    properties[field.name] = schema;
  }
  return {
    type: "object",
    properties,
    required: operation.fields.filter((field) => field.required).map((field) => field.name),
  };
}

function fieldSchema(field, schemaNames, used) {
  if (field.raw?.startsWith("text/")) return { tsType: "string" };
  if (field.raw) return { tsType: BINARY_DATA_TYPE };
  const members = field.schemas.map((schema) => toJsonSchema(schema, schemaNames, used));
  return members.length === 1 ? { ...members[0] } : { anyOf: members };
}

/**
 * Union of the 2xx responses: the JSON schema, `string` for text, `ArrayBuffer` for binary,
 * `undefined` when empty. Redirect-only operations (archive and log downloads, 302) are
 * `unknown`: what arrives is whatever the followed redirect serves.
 */
function responseSchema(spec, operation, schemaNames, used) {
  const members = [];
  const seen = new Set();
  const add = (schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return;
    seen.add(key);
    members.push(schema);
  };
  for (const { content } of successResponses(spec, operation.op)) {
    const types = Object.keys(content);
    const json = types.includes("application/json") ? "application/json" : types.find(isJsonMediaType);
    if (json) add(toJsonSchema(content[json].schema ?? {}, schemaNames, used));
    else if (!types.length) add({ tsType: "undefined" });
    else {
      const schema = resolveRef(spec, content[types[0]].schema ?? {});
      const text = types[0].startsWith("text/") || (schema.type === "string" && schema.format !== "binary");
      add({ tsType: text ? "string" : "ArrayBuffer" });
    }
  }
  if (!members.length) return { tsType: "unknown" };
  return members.length === 1 ? members[0] : { anyOf: members };
}

function typesIndexModule(model, scopeFiles) {
  const scopes = [...scopeFiles.values()];
  const withEndpoints = scopes.filter((scope) => scope.operations.length);
  const endpoints = (scope) => `${pascalCase(scope.scope)}Endpoints`;
  const methods = (scope) => `${pascalCase(scope.scope)}Methods`;
  return [
    `// ${model.header}`,
    ...scopes.map(
      (scope) =>
        `import type { ${[...(scope.operations.length ? [endpoints(scope)] : []), methods(scope)].join(", ")} } from "./scopes/${scope.file}.js";`,
    ),
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
    "/** The endpoint methods of each scope (`client.repos.get`), deprecated aliases included. */",
    "export interface RestScopes {",
    ...scopes.map((scope) => `  ${propertyKey(scope.scope)}: ${methods(scope)};`),
    "}",
    "",
  ].join("\n");
}

function typesReadme(model) {
  return [
    `<!-- ${model.header} -->`,
    "# types/",
    "",
    `Type-only TypeScript for api.github.com (the other deployments have route tables in \`definitions/\` but no types),`,
    `generated from @octokit/openapi ${model.pkgVersion} with json-schema-to-typescript by \`node build.mjs generate\`.`,
    "Every file holds only `export interface` / `export type`, so nothing here reaches a bundle. Do not edit: regenerate.",
    "",
    "- `components.ts`: one type per `components.schemas` entry, PascalCase of its key (`full-repository` → `FullRepository`),",
    "  plus `Schemas` (key → type). OpenAPI `nullable: true` is `| null`.",
    "- `scopes/<scope>.ts`: `<Scope>Endpoints` (route → `{ parameters; response }`, routes exactly as in `definitions/`) and",
    "  `<Scope>Methods` (method → `EndpointMethod<…>`, with the summary, the docs link and `@deprecated` aliases).",
    "  Parameters are path, query and top-level body properties (the one that is the whole body, `extra.body` in",
    "  `definitions/`, included); a raw body is `data`. Responses are the 2xx JSON schema, `string` for text, `ArrayBuffer`",
    "  for binary, `undefined` when there is no content, `unknown` for redirect-only downloads.",
    "- `index.ts`: `Endpoints` (all routes), `RestScopes` (scope → methods) and the component types.",
    "",
    `${model.operations.length} operations in ${model.scopes.size} scopes, ${model.legacy.aliases.size} deprecated aliases, ${Object.keys(model.spec.components.schemas).length} component schemas.`,
    "",
  ].join("\n");
}

// ---- small shared helpers ----

function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

function compareBy(keyOf) {
  return (a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);
}

function unique(values) {
  return [...new Set(values)];
}

function propertyKey(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** A compact, deterministic TypeScript literal: sorted object keys, `[a, b]`, `{ k: v }`. */
function literal(value) {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{ ${keys.map((key) => `${propertyKey(key)}: ${literal(value[key])}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}

// ---- file system (the only I/O besides reading the descriptions) ----

const REPO_ROOT = new URL("./", import.meta.url);

function committedFiles(fs) {
  const files = [];
  for (const dir of GENERATED_DIRS) {
    const url = new URL(`${dir}/`, REPO_ROOT);
    if (!fs.existsSync(url)) continue;
    for (const entry of fs.readdirSync(url, { recursive: true })) {
      const path = `${dir}/${String(entry).replaceAll("\\", "/")}`;
      if (fs.statSync(new URL(path, REPO_ROOT)).isFile()) files.push(path);
    }
  }
  return files.sort();
}

/** `changed <path>` / `missing <path>` / `stale <path>` for every difference from a fresh generation. */
function changedFiles(fs, files) {
  const changes = [];
  const committed = new Set(committedFiles(fs));
  for (const [path, text] of files) {
    if (!committed.has(path)) changes.push(`missing ${path}`);
    else if (fs.readFileSync(new URL(path, REPO_ROOT), "utf8") !== text) changes.push(`changed ${path}`);
  }
  for (const path of committed) if (!files.has(path)) changes.push(`stale   ${path}`);
  return changes;
}

/** Write what changed and delete generated files that are no longer generated; returns the count. */
function writeTree(fs, files) {
  let count = 0;
  for (const path of committedFiles(fs)) {
    if (files.has(path)) continue;
    fs.rmSync(new URL(path, REPO_ROOT));
    count++;
  }
  for (const [path, text] of files) {
    const url = new URL(path, REPO_ROOT);
    if (fs.existsSync(url) && fs.readFileSync(url, "utf8") === text) continue;
    fs.mkdirSync(new URL("./", url), { recursive: true });
    fs.writeFileSync(url, text);
    count++;
  }
  return count;
}
// #endregion generate

// #region build (owner: kernel)
// dist/esm  per-file ESM + .d.ts (bundlers tree-shake it; `import` condition)
// dist/cjs  per-file CJS + .d.cts (`require` condition); index.cjs is the callable factory
// dist/browser/forgekit.mjs  bundled ESM for <script type="module"> (+ one chunk per scope)
// dist/browser/forgekit.js   classic script defining the global `Client`
// test/server is the embedded GitHub API server shipped as `forgekit/testing`.
const SOURCE_DIRS = ["kernel", "plugins", "definitions", "types", "test/server"];
const BROWSER_GLOBAL = `import * as forgekit from "./plugins/presets/browser.ts";
const Client = forgekit.Client;
for (const [name, value] of Object.entries(forgekit)) if (name !== "Client" && name !== "default") Client[name] = value;
globalThis.Client = Client;`;

function listFiles(dir, test) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? listFiles(path, test) : test(path) ? [path] : [];
  });
}

/** package.json's version is the source of truth; kernel/version.ts follows it. */
function syncVersion() {
  const file = "kernel/version.ts";
  const text = readFileSync(file, "utf8");
  const next = text.replace(/VERSION = "[^"]*"/, `VERSION = ${JSON.stringify(pkg.version)}`);
  if (next !== text) writeFileSync(file, next);
}

/** Point relative `./x.js` specifiers at `./x.cjs` (CJS files and their .d.cts). */
const toCjsSpecifiers = (code) =>
  code.replace(/((?:require\(|from |import\()\s*["'])(\.{1,2}\/[^"']+)\.js(["'])/g, "$1$2.cjs$3");

async function buildNode() {
  const entryPoints = SOURCE_DIRS.flatMap((dir) => listFiles(dir, (f) => f.endsWith(".ts") && !f.endsWith(".d.ts")));
  const common = { entryPoints, outbase: ".", target: "es2022", bundle: false, logLevel: "warning", charset: "utf8" };
  await esbuild({ ...common, outdir: "dist/esm", format: "esm", platform: "neutral" });
  // CJS has no import.meta: files that use import.meta.url get it from __filename.
  await esbuild({
    ...common,
    outdir: "dist/cjs",
    format: "cjs",
    platform: "node",
    outExtension: { ".js": ".cjs" },
    define: { "import.meta.url": "importMetaUrl" },
  });
  const importMetaUrl = 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;\n';
  for (const file of listFiles("dist/cjs", (f) => f.endsWith(".cjs"))) {
    const code = toCjsSpecifiers(readFileSync(file, "utf8"));
    writeFileSync(
      file,
      code.includes("importMetaUrl") ? code.replace('"use strict";\n', `"use strict";\n${importMetaUrl}`) : code,
    );
  }
  // before-after-hook is ESM-only: inline it into the one CJS module that uses it.
  await esbuild({
    ...common,
    entryPoints: ["kernel/hook.ts"],
    outbase: undefined,
    outfile: "dist/cjs/kernel/hook.cjs",
    format: "cjs",
    platform: "node",
    bundle: true,
    allowOverwrite: true,
  });
  // The mock server reads its fixture from ../fixtures relative to its own folder.
  for (const format of ["esm", "cjs"]) {
    mkdirSync(`dist/${format}/test/fixtures`, { recursive: true });
    writeFileSync(`dist/${format}/test/fixtures/github-api.json`, readFileSync("test/fixtures/github-api.json"));
  }
  // require("forgekit") is the factory itself, with every named export on it (SPEC §1.5).
  writeFileSync(
    "dist/cjs/index.cjs",
    `"use strict";\nconst preset = require("./plugins/presets/full.cjs");\nmodule.exports = Object.assign(preset.default, preset);\n`,
  );
}

function buildDeclarations() {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json", "--outDir", "dist/types"], {
    stdio: "inherit",
  });
  for (const file of listFiles("dist/types", (f) => f.endsWith(".d.ts"))) {
    const relative = file.slice("dist/types/".length);
    const text = readFileSync(file, "utf8");
    mkdirSync(dirname(`dist/esm/${relative}`), { recursive: true });
    mkdirSync(dirname(`dist/cjs/${relative}`), { recursive: true });
    writeFileSync(`dist/esm/${relative}`, text);
    writeFileSync(`dist/cjs/${relative.replace(/\.d\.ts$/, ".d.cts")}`, toCjsSpecifiers(text));
  }
  rmSync("dist/types", { recursive: true, force: true });
  writeFileSync(
    "dist/cjs/index.d.cts",
    `import * as preset from "./plugins/presets/full.cjs";\n/** The full preset's factory, carrying every named export (\`require("forgekit").Client\`). */\ndeclare const forgekit: typeof preset.default & typeof preset;\nexport = forgekit;\n`,
  );
}

async function build(args = []) {
  syncVersion();
  rmSync("dist", { recursive: true, force: true });
  await buildNode();
  if (!args.includes("--no-types")) buildDeclarations();
  await buildBrowser();
}
// #endregion build

// #region browser (owner: browser builds)
// dist/browser/forgekit.mjs   bundled ESM for <script type="module"> (no import map): the browser
//                             preset; each scope's routes and parameter metadata are chunks in
//                             dist/browser/chunks/, fetched on the scope's first use
// dist/browser/forgekit.js    classic script: defines the global `Client`, everything inlined
// dist/browser/chunks.json    each .mjs file → the source module it was split from (null for
//                             shared chunks): for <link rel="modulepreload">, tests and `size`
const BROWSER_OPTIONS = {
  bundle: true,
  minify: true,
  target: "es2022",
  platform: "browser",
  logLevel: "warning",
  legalComments: "none",
  charset: "utf8",
};
const BROWSER_ESM = {
  ...BROWSER_OPTIONS,
  entryPoints: { forgekit: "plugins/presets/browser.ts" },
  format: "esm",
  splitting: true,
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
};
const BROWSER_CLASSIC = {
  ...BROWSER_OPTIONS,
  stdin: { contents: BROWSER_GLOBAL, resolveDir: ".", loader: "ts", sourcefile: "forgekit-global.ts" },
  format: "iife",
};
// Node-only code: a browser bundle that contains one of these is a build error. (A Node
// built-in already fails to resolve under platform "browser"; cross-fetch would not: its
// "browser" field swaps in a ponyfill silently.)
const NODE_ONLY_INPUT =
  /^(?:node:|plugins\/agent\/|node_modules\/(?:cross-fetch|node-fetch|whatwg-url|tr46|webidl-conversions)\/)/;

async function buildBrowser() {
  const esm = await esbuild({ ...BROWSER_ESM, outdir: "dist/browser", metafile: true });
  const classic = await esbuild({ ...BROWSER_CLASSIC, outfile: "dist/browser/forgekit.js", metafile: true });
  for (const [artifact, metafile] of [
    ["forgekit.mjs", esm.metafile],
    ["forgekit.js", classic.metafile],
  ]) {
    const nodeOnly = Object.keys(metafile.inputs).filter((input) => NODE_ONLY_INPUT.test(input));
    if (nodeOnly.length)
      throw new Error(
        `build: dist/browser/${artifact} bundles Node-only code (${nodeOnly.join(", ")}). Keep the agent plugin and cross-fetch out of plugins/presets/browser.ts.`,
      );
  }
  writeFileSync(
    "dist/browser/chunks.json",
    `${JSON.stringify(chunkManifest(esm.metafile, "dist/browser/"), null, 2)}\n`,
  );
}

/** `{ "chunks/repos-HASH.mjs": "definitions/scopes/repos.ts", "chunks/chunk-HASH.mjs": null, … }` */
function chunkManifest(metafile, outdir) {
  const manifest = {};
  const files = Object.keys(metafile.outputs)
    .filter((file) => file.endsWith(".mjs"))
    .sort();
  for (const file of files) manifest[file.slice(outdir.length)] = metafile.outputs[file].entryPoint ?? null;
  return manifest;
}
// #endregion browser

// #region size (owner: browser builds)
// `node build.mjs size [--json] [--update <file.md>…]`: bundles each probe for the browser
// (esbuild, minified, in memory) and gzips each file it loads (gzip -9). A probe's size is the
// sum over the files a page fetches for it: the entry, the chunks it imports statically and
// the lazy chunks named in `lazy`. A probe over its budget (min+gzip bytes; 1 kB = 1,000 B)
// fails the command and prints which inputs take the room. `--update` rewrites the text
// between `<!-- size:start -->` and `<!-- size:end -->` in each file with the tables.
const SIZE_PROBES = [
  {
    name: "kernel only (Client, request, hooks)",
    budget: 4000,
    contents: `export { Client } from "./kernel/index.ts";`,
  },
  {
    // A custom client with one scope, as the README composes it: forgekit/routes/repos.
    name: "kernel + auth + endpoints, one `repos` call (with the chunks it loads)",
    budget: 8000,
    needs: ["plugins/auth/index.ts", "plugins/endpoints/index.ts"],
    contents: [
      `import { Client } from "./kernel/index.ts";`,
      `import { auth } from "./plugins/auth/index.ts";`,
      `import { endpoints } from "./plugins/endpoints/index.ts";`,
      `import { routes as repos } from "./definitions/scopes/repos.ts";`,
      `export const getRepo = (token: string) => new (Client.plugin([auth, endpoints({ routes: { repos } })]))({ auth: token }).repos.get({ owner: "o", repo: "r" });`,
    ].join("\n"),
  },
  { name: "full preset entry, `forgekit.mjs` (names only; scopes lazy)", budget: 12000, options: BROWSER_ESM },
  { name: "classic script, `forgekit.js` (every scope inlined)", options: BROWSER_CLASSIC },
];
const SIZE_MARKERS = ["<!-- size:start -->", "<!-- size:end -->"];

/** Bundle in memory; returns esbuild's metafile and output files keyed like the metafile. */
async function bundleForSize(probe) {
  const options = probe.options ?? {
    ...BROWSER_OPTIONS,
    format: "esm",
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    stdin: { contents: probe.contents, resolveDir: ".", loader: "ts", sourcefile: "probe.ts" },
  };
  const result = await esbuild({
    ...options,
    logLevel: "error",
    write: false,
    metafile: true,
    outdir: "size-probe",
    outfile: undefined,
  });
  const cwd = `${process.cwd()}/`;
  const files = new Map(
    result.outputFiles.map((file) => [
      file.path.startsWith(cwd) ? file.path.slice(cwd.length) : file.path,
      file.contents,
    ]),
  );
  return { metafile: result.metafile, files };
}

/** The output files a page loads to run `entryPoint`: its file and its static imports, transitively. */
function staticClosure(metafile, entryPoint) {
  const start = Object.keys(metafile.outputs).find((file) => metafile.outputs[file].entryPoint === entryPoint);
  if (!start)
    throw new Error(
      `size: the bundle has no output for ${entryPoint}: is it still imported (dynamically, for a lazy chunk)?`,
    );
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of metafile.outputs[file].imports)
      if (edge.kind === "import-statement" && !edge.external) visit(edge.path);
  };
  visit(start);
  return seen;
}

function sizeOf(bundle, outputs) {
  let min = 0;
  let gzip = 0;
  const inputs = new Map();
  for (const file of outputs) {
    const code = bundle.files.get(file);
    min += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    for (const [input, { bytesInOutput }] of Object.entries(bundle.metafile.outputs[file].inputs))
      inputs.set(input, (inputs.get(input) ?? 0) + bytesInOutput);
  }
  return { min, gzip, files: outputs.size, inputs: [...inputs].sort((a, b) => b[1] - a[1]) };
}

async function measureProbe(probe) {
  const missing = (probe.needs ?? []).filter((file) => !existsSync(file));
  if (missing.length) return { missing };
  const bundle = await bundleForSize(probe);
  const entry = probe.options?.entryPoints
    ? Object.values(probe.options.entryPoints)[0]
    : (probe.options?.stdin.sourcefile ?? "probe.ts");
  const outputs = staticClosure(bundle.metafile, entry);
  for (const lazy of probe.lazy ?? []) for (const file of staticClosure(bundle.metafile, lazy)) outputs.add(file);
  return sizeOf(bundle, outputs);
}

/**
 * The lazy chunks of `forgekit.mjs`: one row per scope (its routes chunk and its parameter-
 * metadata chunk), then every other chunk loaded by a dynamic import (aliases, App auth…).
 */
async function measureChunks() {
  const bundle = await bundleForSize({ options: BROWSER_ESM });
  const entry = Object.values(BROWSER_ESM.entryPoints)[0];
  const scopes = new Map();
  const others = [];
  for (const [file, output] of Object.entries(bundle.metafile.outputs)) {
    const match = /^definitions\/(scopes|params)\/(.+)\.ts$/.exec(output.entryPoint ?? "");
    const measured = output.entryPoint && output.entryPoint !== entry ? sizeOf(bundle, new Set([file])) : undefined;
    if (!measured) continue;
    if (!match) others.push({ name: output.entryPoint, ...measured });
    else scopes.set(match[2], { ...scopes.get(match[2]), [match[1]]: measured });
  }
  return { scopes: [...scopes].sort(([a], [b]) => (a < b ? -1 : 1)), others };
}

const bytes = (n) => `${n.toLocaleString("en-US")} B`;
const kB = (n) => `${(n / 1000).toFixed(2)} kB`;
const both = (n) => `${kB(n)} (${bytes(n)})`;

function sizeTables(results, chunks) {
  const lines = ["| bundle | files | min | min+gzip | budget (min+gzip) |", "| --- | ---: | ---: | ---: | --- |"];
  for (const { probe, result } of results) {
    const budget = probe.budget
      ? `${kB(probe.budget)} ${result.missing ? "not measured" : result.gzip <= probe.budget ? "✓" : "✗ over"}`
      : "none (reported)";
    if (result.missing)
      lines.push(`| ${probe.name} | – | not measured: ${result.missing.join(", ")} missing | – | ${budget} |`);
    else lines.push(`| ${probe.name} | ${result.files} | ${both(result.min)} | ${both(result.gzip)} | ${budget} |`);
  }
  const total = (key, kind) => chunks.scopes.reduce((sum, [, scope]) => sum + (scope[kind]?.[key] ?? 0), 0);
  const cell = (measured) => (measured ? `${bytes(measured.min)} | ${bytes(measured.gzip)}` : "– | –");
  lines.push(
    "",
    "| scope chunk (lazy) | routes min | routes min+gzip | params min | params min+gzip |",
    "| --- | ---: | ---: | ---: | ---: |",
  );
  for (const [name, scope] of chunks.scopes) lines.push(`| ${name} | ${cell(scope.scopes)} | ${cell(scope.params)} |`);
  for (const other of chunks.others) lines.push(`| ${other.name} | ${cell(other)} | – | – |`);
  lines.push(
    `| **all ${chunks.scopes.length} scopes** | ${bytes(total("min", "scopes"))} | ${bytes(total("gzip", "scopes"))} | ${bytes(total("min", "params"))} | ${bytes(total("gzip", "params"))} |`,
  );
  return lines.join("\n");
}

/** The probes table alone (the README), between `<!-- size-summary:start -->` and `<!-- size-summary:end -->`. */
const SUMMARY_MARKERS = ["<!-- size-summary:start -->", "<!-- size-summary:end -->"];

function updateSizeTables(file, tables) {
  const text = readFileSync(file, "utf8");
  const summary = text.includes(SUMMARY_MARKERS[0]);
  const markers = summary ? SUMMARY_MARKERS : SIZE_MARKERS;
  const [start, end] = markers.map((marker) => text.indexOf(marker));
  if (start < 0 || end < start)
    throw new Error(
      `size --update: ${file} has no ${SIZE_MARKERS.join(" … ")} (or size-summary) block. Add the two markers where the tables go.`,
    );
  const content = summary ? tables.split("\n\n")[0] : tables;
  writeFileSync(file, `${text.slice(0, start + markers[0].length)}\n${content}\n${text.slice(end)}`);
}

async function size(args = []) {
  const updates = args.flatMap((arg, index) => (args[index - 1] === "--update" ? [arg] : []));
  const results = [];
  for (const probe of SIZE_PROBES) results.push({ probe, result: await measureProbe(probe) });
  const chunks = await measureChunks();
  const tables = sizeTables(results, chunks);
  if (args.includes("--json"))
    console.log(
      JSON.stringify(
        {
          probes: results.map(({ probe, result }) => ({ name: probe.name, budget: probe.budget ?? null, ...result })),
          chunks,
        },
        null,
        2,
      ),
    );
  else console.log(tables);
  for (const file of updates) updateSizeTables(file, tables);
  const over = results.filter(({ probe, result }) => probe.budget && !result.missing && result.gzip > probe.budget);
  for (const { probe, result } of over) {
    console.error(
      `\nbuild.mjs size: "${probe.name}" is ${bytes(result.gzip - probe.budget)} over its ${kB(probe.budget)} budget. Largest inputs (minified bytes in the output):`,
    );
    for (const [input, inputBytes] of result.inputs.slice(0, 12))
      console.error(`  ${bytes(inputBytes).padStart(10)}  ${input}`);
  }
  if (over.length) process.exit(1);
}
// #endregion size

const commands = { build, generate, size };
if (!commands[command]) {
  console.error(`build.mjs: unknown command "${command}". Use one of: ${Object.keys(commands).join(", ")}`);
  process.exit(2);
}
await commands[command](args);
