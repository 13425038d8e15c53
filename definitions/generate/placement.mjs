// Where each deployment's types are declared (deployment-types.mjs writes the files): what one
// deployment's description types (components, route entries, methods per scope), placed in the
// file of the first deployment whose type is the same, and which components each file needs.
import {
  componentTypeNames,
  methodDoc,
  parametersSchema,
  responseSchema,
  toJsonSchema,
  typeScopes,
} from "./schema.mjs";
import { pascalCase } from "./util.mjs";

/** What the comparison sees: the schema without `description`/`deprecated` (comments only). */
export function withoutText(node, names = false) {
  if (Array.isArray(node)) return node.map((item) => withoutText(item));
  if (!node || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (!names && (key === "description" || key === "deprecated")) continue;
    out[key] = withoutText(value, !names && key === "properties");
  }
  return out;
}

const OBJECT_KEYWORDS = new Set(["type", "properties", "required", "description", "additionalProperties"]);

/** A plain object schema: properties, nothing that makes it a union or an index signature. */
export function plainObject(json) {
  return (
    Boolean(json.properties) &&
    (json.type === undefined || json.type === "object") &&
    !json.additionalProperties &&
    Object.keys(json).every((key) => OBJECT_KEYWORDS.has(key))
  );
}

/** The component types a schema names (`{ tsType }` nodes, as toJsonSchema leaves `$ref`s). */
export function typeRefs(node, out = new Set()) {
  if (Array.isArray(node)) for (const item of node) typeRefs(item, out);
  else if (node && typeof node === "object") {
    if (typeof node.tsType === "string") out.add(node.tsType);
    for (const value of Object.values(node)) typeRefs(value, out);
  }
  return out;
}

/** One deployment's types before they are placed: components, route entries and methods per scope. */
export function describeTypes(model) {
  const schemaNames = componentTypeNames(model.spec);
  const components = new Map();
  for (const [key, schema] of Object.entries(model.spec.components.schemas)) {
    const refs = new Set();
    const json = toJsonSchema(schema, schemaNames, refs);
    components.set(schemaNames.get(key), { json, shape: JSON.stringify(withoutText(json)), refs });
  }
  const entries = new Map();
  const entryOf = new Map();
  for (const operation of model.operations) {
    const parts = {};
    for (const [part, schemaOf] of [
      ["parameters", parametersSchema],
      ["response", responseSchema],
    ]) {
      const refs = new Set();
      const json = schemaOf(model.spec, operation, schemaNames, refs);
      parts[part] = { json, refs, shape: JSON.stringify(withoutText(json)) };
    }
    const json = { parameters: parts.parameters.json, response: parts.response.json };
    const refs = new Set([...parts.parameters.refs, ...parts.response.refs]);
    const id = `${operation.scope} ${operation.route}`;
    const shape = JSON.stringify([parts.parameters.shape, parts.response.shape]);
    entries.set(id, { scope: operation.scope, route: operation.route, json, refs, shape, parts });
    entryOf.set(`${operation.scope}.${operation.name}`, id);
  }
  const scopes = typeScopes(model);
  const members = new Map();
  for (const scope of scopes.values()) {
    const list = new Map();
    for (const operation of scope.operations)
      list.set(operation.name, {
        name: operation.name,
        entry: entryOf.get(`${scope.scope}.${operation.name}`),
        doc: methodDoc(operation),
      });
    for (const { name, target } of scope.aliases)
      list.set(name, { name, entry: entryOf.get(target), alias: target, doc: [`@deprecated use \`${target}\``] });
    members.set(scope.scope, list);
  }
  return { deployment: model.deployment, header: model.header, scopes, components, entries, members };
}

/**
 * Where each of `types`' components, entries and methods is declared (a deployment name), given
 * the deployments before it. Components are placed optimistically, then moved on while one
 * names a component placed elsewhere here than where its candidate placed it (a greatest fixed
 * point, so recursive types settle).
 */
export function placeTypes(types, earlier) {
  const self = types.deployment;
  const candidatesOf = (items, itemsOf) => {
    const candidates = new Map();
    for (const [id, item] of items)
      candidates.set(id, [
        ...earlier.filter((e) => itemsOf(e).get(id)?.shape === item.shape).map((e) => e.deployment),
        self,
      ]);
    return candidates;
  };
  const byName = new Map(earlier.map((e) => [e.deployment, e]));
  const settle = (items, candidates, home, ownHome, theirHome) => {
    for (const id of items.keys()) home.set(id, candidates.get(id)[0]);
    for (let changed = true; changed;) {
      changed = false;
      for (const [id, item] of items) {
        const list = candidates.get(id);
        let at = home.get(id);
        while (at !== self && [...item.refs].some((ref) => ownHome(ref) !== theirHome(byName.get(at), ref)))
          at = list[list.indexOf(at) + 1];
        if (home.get(id) !== at) {
          home.set(id, at);
          changed = true;
        }
      }
    }
    return home;
  };
  const components = new Map();
  settle(
    types.components,
    candidatesOf(types.components, (e) => e.components),
    components,
    (ref) => components.get(ref),
    (e, ref) => e.home.components.get(ref),
  );
  const entries = settle(
    types.entries,
    candidatesOf(types.entries, (e) => e.entries),
    new Map(),
    (ref) => components.get(ref),
    (e, ref) => e.home.components.get(ref),
  );
  const members = new Map();
  for (const [scope, list] of types.members) {
    const homes = new Map();
    for (const [name, member] of list) {
      const same = earlier.find((e) => {
        const theirs = e.members.get(scope)?.get(name);
        return theirs?.entry === member.entry && theirs.alias === member.alias;
      });
      homes.set(name, same?.deployment ?? self);
    }
    members.set(scope, homes);
  }
  types.home = { components, entries, members };
  return types;
}

/**
 * `"<deployment> <Name>"` for every component type some deployment's operations reach, under
 * the deployment that declares it: the others (webhook payloads, which no operation returns)
 * are declared in api.github.com's components.ts only.
 */
export function neededComponents(placed) {
  const needed = new Set();
  for (const types of placed) {
    const seen = new Set();
    const visit = (name) => {
      if (seen.has(name)) return;
      seen.add(name);
      needed.add(`${types.home.components.get(name)} ${name}`);
      for (const ref of types.components.get(name).refs) visit(ref);
    };
    for (const entry of types.entries.values()) for (const ref of entry.refs) visit(ref);
  }
  return needed;
}

/** `ghes-3.17` → `Ghes317`: the prefix of the names a deployment's file declares. */
export const typePrefix = (deployment, isDefault) => (isDefault ? "" : pascalCase(deployment));
