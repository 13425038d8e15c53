// REST API versions (`X-GitHub-Api-Version`). A description carries each breaking change of a
// later calendar version as `x-github-breaking-changes` on an operation or a component schema:
// `{ changeset, patch, version }`, the patch a JSON merge patch (RFC 7396) or a JSON Patch
// (RFC 6902) over that operation or schema. Here: the versions a description supports, the
// description as a later version has it, and the request parameters a version removes.
import { VERSION_HINTS } from "./version-hints.mjs";
import { HTTP_VERBS } from "./openapi.mjs";

/** What a request without the header gets, on every deployment. */
export const BASE_API_VERSION = "2022-11-28";

function changesOf(node) {
  return Array.isArray(node?.["x-github-breaking-changes"]) ? node["x-github-breaking-changes"] : [];
}

function* changed(spec) {
  for (const item of Object.values(spec.paths))
    for (const verb of HTTP_VERBS) if (changesOf(item[verb]).length) yield { node: item[verb], item, verb };
  for (const [key, schema] of Object.entries(spec.components?.schemas ?? {}))
    if (changesOf(schema).length) yield { node: schema, key };
}

/** The versions `spec` supports, oldest (the default) first. */
export function apiVersionsOf(spec) {
  const versions = new Set([BASE_API_VERSION]);
  for (const { node } of changed(spec)) for (const { version } of changesOf(node)) versions.add(version);
  return [...versions].sort();
}

/** RFC 7396: `null` removes, objects merge, anything else replaces. */
function mergePatch(target, patch) {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const out = target && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** RFC 6902's `remove`, `replace` and `add` (the operations the descriptions use), on a copy. */
function jsonPatch(target, operations) {
  const out = structuredClone(target);
  for (const { op, path, value } of operations) {
    const keys = path
      .split("/")
      .slice(1)
      .map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
    const last = keys.pop();
    const parent = keys.reduce((node, key) => node?.[key], out);
    if (!parent || typeof parent !== "object") throw new Error(`generate: JSON Patch path ${path} points nowhere`);
    if (op === "remove" && Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (op === "remove") delete parent[last];
    else if (op === "add" && Array.isArray(parent))
      parent.splice(last === "-" ? parent.length : Number(last), 0, value);
    else if (op === "replace" || op === "add") parent[last] = value;
    else throw new Error(`generate: JSON Patch operation "${op}" at ${path} is not supported`);
  }
  return out;
}

function applyChange(node, patch) {
  return Array.isArray(patch) ? jsonPatch(node, patch) : mergePatch(node, patch);
}

/** `spec` as `version` has it: every change up to that version applied, in order. */
export function specAtVersion(spec, version) {
  const paths = { ...spec.paths };
  const schemas = { ...spec.components.schemas };
  for (const { node, item, verb, key } of changed(spec)) {
    let patched = node;
    for (const change of changesOf(node)) if (change.version <= version) patched = applyChange(patched, change.patch);
    if (patched === node) continue;
    if (key !== undefined) schemas[key] = patched;
    else {
      const path = Object.keys(spec.paths).find((p) => spec.paths[p] === item);
      paths[path] = { ...paths[path], [verb]: patched };
    }
  }
  return { ...spec, paths, components: { ...spec.components, schemas } };
}

/**
 * Request parameters (path, query, body) that `later`, a model of a later version, no longer has,
 * attached to the operations of `base` as route extra `removed: [[parameter, version, changeset,
 * instead?]]`, and checked against the hint table (version-hints.mjs) both ways.
 */
export function markRemovedParameters(base, later, version, used) {
  const after = new Map(later.operations.map((operation) => [operation.id, operation]));
  for (const operation of base.operations) {
    const next = after.get(operation.id);
    if (!next) continue;
    const kept = new Set(next.fields.map((field) => field.name));
    for (const field of operation.fields) {
      if (kept.has(field.name)) continue;
      const change = changesOf(operation.op).find(
        (c) => c.version === version && new RegExp(`["/]${field.name}["/]`).test(JSON.stringify(c.patch)),
      );
      if (!change)
        throw new Error(`generate: ${operation.id} loses "${field.name}" in ${version} but no changeset names it`);
      const hints = VERSION_HINTS[change.changeset];
      if (!hints || !(field.name in hints))
        throw new Error(
          `generate: ${operation.id}: changeset ${change.changeset} removes "${field.name}"; add it to definitions/generate/version-hints.mjs`,
        );
      used.add(`${change.changeset} ${field.name}`);
      const instead = hints[field.name];
      operation.extra = {
        ...operation.extra,
        removed: [
          ...(operation.extra?.removed ?? []),
          [field.name, version, change.changeset, ...(instead ? [instead] : [])],
        ],
      };
    }
  }
}

/** Every hint must be for a parameter a changeset removes (called once all deployments are marked). */
export function checkVersionHints(used) {
  for (const [changeset, hints] of Object.entries(VERSION_HINTS))
    for (const parameter of Object.keys(hints))
      if (!used.has(`${changeset} ${parameter}`))
        throw new Error(
          `generate: version-hints.mjs names "${parameter}" for changeset ${changeset}, which removes no such parameter`,
        );
}
