// What every types/ generator shares: OpenAPI schemas as JSON Schema for json-schema-to-typescript,
// the checks on what it declares, the scopes of the Methods interfaces and the operations' doc
// comments, parameters and responses (types.mjs, deployment-types.mjs, webhooks.mjs).
import { isConstraintOnly, isJsonMediaType, resolveRef, successResponses } from "./openapi.mjs";
import { compareBy, kebabCase, pascalCase, unique } from "./util.mjs";

// A raw (non-JSON) binary body: what fetch accepts and both browsers and Node can produce.
const BINARY_DATA_TYPE = "string | ArrayBuffer | ArrayBufferView | Blob";
export const JSTT_OPTIONS = {
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

/** The type of a `<Scope>MethodsOf<E>` member: the method of `route`, found in `E[scope]`. */
export const methodOf = (scope, route) => `MethodOf<E, ${JSON.stringify(scope)}, ${JSON.stringify(route)}>`;

/** components.schemas key → exported type name; fails on a clash instead of minting `Name1`. */
export function componentTypeNames(spec) {
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
export function toJsonSchema(node, schemaNames, used) {
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
export function commentText(text) {
  return text.replaceAll("*/", "*\\/");
}

/** Text without the `export interface <name> { … }` block (and its comment) json-schema-to-typescript wraps around. */
export function withoutRoot(text, name) {
  const block = new RegExp(`(?:/\\*\\*\\n(?: \\*.*\\n)* \\*/\\n)?export interface ${name} \\{\\n(?:.*\\n)*?\\}\\n\\n?`);
  if (!block.test(text)) throw new Error(`generate: no interface ${name} to leave out`);
  return text.replace(block, "");
}

/** json-schema-to-typescript names inline schemas it cannot place; fail instead of shipping `Repository1`. */
export function assertDeclaredNames(file, text, expected) {
  const declared = [...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
  const want = new Set(expected);
  const extra = declared.filter((name) => !want.delete(name));
  if (extra.length || want.size)
    throw new Error(
      `generate: ${file} declares [${extra.join(", ")}] it should not and lacks [${[...want].join(", ")}]`,
    );
}

/** Scopes of the Methods interfaces: today's scopes plus old ones that only hold aliases. */
export function typeScopes(model) {
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

/**
 * A method's TSDoc: summary, docs link, deprecation. The link is a plain "Docs:" line, not a `@see`
 * tag: `tsc` parses a comment into JSDoc nodes only when it holds `@see` or `@link` (its default
 * parse mode for .ts files); the 1,223 of them took over a third of the time tsc spent parsing
 * types/scopes.ts. Editors show the comment either way (test/types/editor-docs.test.ts).
 */
export function methodDoc(operation) {
  const { summary, externalDocs } = operation.op;
  const note = operation.extra?.deprecated;
  return [
    summary && commentText(summary),
    externalDocs?.url && `Docs: ${externalDocs.url}`,
    note && `@deprecated ${note}`,
  ].filter(Boolean);
}

export function docComment(lines, indent) {
  if (!lines.length) return [];
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`), `${indent} */`];
}

export function parametersSchema(spec, operation, schemaNames, used) {
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
export function responseSchema(spec, operation, schemaNames, used) {
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
