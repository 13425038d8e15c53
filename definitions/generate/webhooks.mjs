// types/webhooks.ts: the payload of every webhook event and action of api.github.com's
// description (`x-webhooks`), compiled with json-schema-to-typescript. Only forgekit/webhooks
// and forgekit/app import it, so the main entry's type-check never parses it.
import { resolveRef } from "./openapi.mjs";
import { assertDeclaredNames, componentTypeNames, JSTT_OPTIONS, toJsonSchema, withoutRoot } from "./schema.mjs";
import { compareBy, pascalCase, propertyKey } from "./util.mjs";

/** Schema keywords whose value maps names to schemas (the names are data, not keywords). */
const NAMED_SCHEMAS = new Set(["properties", "patternProperties"]);

/**
 * A schema without `description`s: the payload types are many and every type-check of a
 * webhook handler parses them all; the event's documentation link says what each field means.
 */
function withoutDocs(node) {
  if (Array.isArray(node)) return node.map(withoutDocs);
  if (!node || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "description") continue;
    out[key] = NAMED_SCHEMAS.has(key)
      ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withoutDocs(child)]))
      : withoutDocs(value);
  }
  return out;
}

/**
 * Each webhook of the description: the event name GitHub sends in `X-GitHub-Event`, the
 * payload's `action` (undefined for events without one), its schema's key and docs link.
 * The event is the operationId's first part in snake case (`projects-v2-item/edited` →
 * `projects_v2_item`): the header examples spell some of them wrong (`project-v2-item`).
 */
export function describeWebhooks(spec) {
  const hooks = [];
  for (const [key, item] of Object.entries(spec["x-webhooks"] ?? {})) {
    const post = item.post;
    const ref = post?.requestBody?.content?.["application/json"]?.schema?.$ref;
    const schemaKey = ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
    if (!schemaKey) throw new Error(`generate: webhook "${key}" has no application/json schema $ref`);
    const [prefix, suffix] = post.operationId.split("/");
    const event = prefix.replaceAll("-", "_");
    const schema = resolveRef(spec, { $ref: ref });
    const actionSchema = schema.properties?.action && resolveRef(spec, schema.properties.action);
    // A single-valued enum names the action; a free-form one (repository_dispatch) names none.
    const action =
      actionSchema?.enum?.length === 1
        ? actionSchema.enum[0]
        : suffix && /^[a-z-]+$/.test(suffix) && actionSchema?.type !== "string"
          ? suffix.replaceAll("-", "_")
          : undefined;
    hooks.push({ event, action, schemaKey, docs: post.externalDocs?.url });
  }
  return hooks.sort(compareBy((hook) => `${hook.event}.${hook.action ?? ""}`));
}

/** Inline object schemas smaller than this (JSON characters) stay inline. */
const HOIST_AT = 120;

/**
 * The description inlines the same object (a repository, a user, a pull request) into many
 * payloads: each inline object schema that occurs twice or more, and is not tiny, becomes one
 * named type (`WebhookPart<Property>`) that its places name. Roughly halves the file.
 */
function hoistRepeats(schemas, taken) {
  const counts = new Map();
  const isObject = (node) => node && typeof node === "object" && !Array.isArray(node) && !node.tsType;
  const walk = (node, visit) => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (NAMED_SCHEMAS.has(key))
        for (const [name, child] of Object.entries(value)) visit(child, name) || walk(child, visit);
      else if (typeof value === "object") visit(value, key) || walk(value, visit);
    }
  };
  const keyOf = (node) => (isObject(node) && (node.properties || node.anyOf || node.oneOf) ? JSON.stringify(node) : "");
  for (const schema of schemas)
    walk(schema, (node) => {
      const key = keyOf(node);
      if (key.length >= HOIST_AT) counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  const hoisted = new Map(); // key → { name, schema }
  const replace = (node) => {
    if (Array.isArray(node)) return node.map(replace);
    if (!isObject(node)) return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (NAMED_SCHEMAS.has(key))
        out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, named(child, name)]));
      else out[key] = typeof value === "object" ? named(value, key) : value;
    }
    return out;
  };
  const named = (node, where) => {
    const key = keyOf(node);
    if (!(counts.get(key) >= 2)) return replace(node);
    if (!hoisted.has(key)) {
      const base = `WebhookPart${pascalCase(where)}`;
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
      taken.add(name);
      hoisted.set(key, { name, schema: undefined });
      hoisted.get(key).schema = replace(node);
    }
    return { tsType: hoisted.get(key).name };
  };
  return { schemas: schemas.map(replace), parts: [...hoisted.values()] };
}

/** The component schemas the payloads reach, by key, in the description's order. */
function reachedSchemas(spec, keys) {
  const reached = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const key = typeof node.$ref === "string" && node.$ref.match(/^#\/components\/schemas\/(.+)$/)?.[1];
    if (key) {
      if (reached.has(key)) return;
      reached.add(key);
      return visit(spec.components.schemas[key]);
    }
    for (const value of Object.values(node)) visit(value);
  };
  for (const key of keys) visit({ $ref: `#/components/schemas/${key}` });
  return Object.keys(spec.components.schemas).filter((key) => reached.has(key));
}

/**
 * types/webhooks.ts. `declared` is what types/components.ts already declares (imported, not
 * declared again). `WebhookEvents` maps `"issues"` and `"issues.opened"` to their payloads.
 */
export async function webhookTypesModule(model, declared) {
  const { compile } = await import("json-schema-to-typescript");
  const { spec } = model;
  const names = componentTypeNames(spec);
  const hooks = describeWebhooks(spec);
  const used = new Set();
  const keys = reachedSchemas(
    spec,
    hooks.map((hook) => hook.schemaKey),
  ).filter((key) => !declared.has(names.get(key)));
  const converted = keys.map((key) => toJsonSchema(withoutDocs(spec.components.schemas[key]), names, used));
  const { schemas, parts } = hoistRepeats(converted, new Set(names.values()));
  const own = [...keys.map((key) => names.get(key)), ...parts.map((part) => part.name)];
  const properties = {};
  keys.forEach((key, index) => (properties[key] = { ...schemas[index], title: names.get(key) }));
  for (const part of parts) properties[part.name] = { ...part.schema, title: part.name };
  const root = { title: "Schemas", type: "object", properties, required: Object.keys(properties) };
  const text = await compile(root, "Schemas", { ...JSTT_OPTIONS, bannerComment: "" });
  assertDeclaredNames("types/webhooks.ts", text, [...own, "Schemas"]);
  const imported = [...used].filter((name) => declared.has(name)).sort();
  const byEvent = new Map();
  for (const hook of hooks) {
    if (!byEvent.has(hook.event)) byEvent.set(hook.event, []);
    byEvent.get(hook.event).push(hook);
  }
  const entries = [];
  for (const [event, list] of byEvent) {
    const types = list.map((hook) => names.get(hook.schemaKey));
    entries.push(`  /** @see ${list[0].docs} */`, `  ${propertyKey(event)}: ${types.join(" | ")};`);
    for (const hook of list)
      if (hook.action !== undefined)
        entries.push(`  ${JSON.stringify(`${event}.${hook.action}`)}: ${names.get(hook.schemaKey)};`);
  }
  return [
    `// ${model.header}`,
    ...(imported.length ? [`import type { ${imported.join(", ")} } from "./components.js";`] : []),
    "",
    "/** Every webhook event (`issues`) and event with action (`issues.opened`) → its payload type. */",
    "export interface WebhookEvents {",
    ...entries,
    "}",
    "",
    withoutRoot(text, "Schemas").trim(),
    "",
  ].join("\n");
}
