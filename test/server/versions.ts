// REST API versions in the mock server: a description carries each breaking change of a later
// version as `x-github-breaking-changes` (`{ changeset, patch, version }`, the patch a JSON
// merge patch or a JSON Patch over the operation or component schema). buildFixture records,
// per route and later version, the response properties that version no longer has; the server
// leaves them out of what it answers to a request asking for that version.
type Node = Record<string, any>;

function changes(node: Node | undefined): Node[] {
  return Array.isArray(node?.["x-github-breaking-changes"]) ? node["x-github-breaking-changes"] : [];
}

function mergePatch(target: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const out: Node = target && typeof target === "object" && !Array.isArray(target) ? { ...(target as Node) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

function jsonPatch(target: Node, operations: Node[]): Node {
  const out = structuredClone(target);
  for (const { op, path, value } of operations) {
    const keys = (path as string)
      .split("/")
      .slice(1)
      .map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
    const last = keys.pop()!;
    const parent = keys.reduce((node: any, key) => node?.[key], out);
    if (!parent || typeof parent !== "object") continue;
    if (op === "remove" && Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (op === "remove") delete parent[last];
    else parent[last] = value;
  }
  return out;
}

/** `node` (an operation or a schema) with its changes up to `version` applied. */
export function atVersion(node: Node, version: string): Node {
  let out = node;
  for (const change of changes(node))
    if (change.version <= version)
      out = Array.isArray(change.patch) ? jsonPatch(out, change.patch) : (mergePatch(out, change.patch) as Node);
  return out;
}

/** The later versions the description names (the base one, 2022-11-28, aside). */
export function laterVersions(spec: Node): string[] {
  const versions = new Set<string>();
  for (const item of Object.values(spec.paths as Node))
    for (const op of Object.values(item as Node))
      for (const change of changes(op as Node)) versions.add(change.version);
  for (const schema of Object.values(spec.components?.schemas ?? {}))
    for (const change of changes(schema as Node)) versions.add(change.version);
  return [...versions].sort();
}

/**
 * Paths (`"*"` for any array item) of the properties `example` has under the `base` schema that
 * the `later` one lacks; `resolve(schema, later?)` follows `$ref`s in the base or the later spec.
 */
export function droppedPaths(
  example: unknown,
  base: Node | undefined,
  later: Node | undefined,
  resolve: (node: Node | undefined, later: boolean) => Node | undefined,
  path: string[] = [],
  out: string[][] = [],
): string[][] {
  const a = resolve(base, false);
  const b = resolve(later, true);
  if (!a || !b || path.length > 8) return out;
  if (Array.isArray(example)) {
    if (example.length) droppedPaths(example[0], a.items, b.items, resolve, [...path, "*"], out);
    return out;
  }
  if (!example || typeof example !== "object") return out;
  const propertyOf = (schema: Node, key: string, isLater: boolean): Node | undefined => {
    if (schema.properties?.[key]) return schema.properties[key];
    for (const member of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
      const found = propertyOf(resolve(member, isLater) ?? {}, key, isLater);
      if (found) return found;
    }
    return undefined;
  };
  for (const [key, value] of Object.entries(example)) {
    const before = propertyOf(a, key, false);
    const after = propertyOf(b, key, true);
    if (before && !after) out.push([...path, key]);
    else if (before && after) droppedPaths(value, before, after, resolve, [...path, key], out);
  }
  return out;
}

/** A copy of `body` without the properties at `paths`. */
export function withoutPaths(body: unknown, paths: readonly (readonly string[])[]): unknown {
  if (!paths.length || !body || typeof body !== "object") return body;
  const copy: any = structuredClone(body);
  const drop = (node: any, path: readonly string[]): void => {
    if (!node || typeof node !== "object") return;
    const [head, ...rest] = path;
    if (head === "*") {
      if (Array.isArray(node)) for (const item of node) drop(item, rest);
    } else if (!rest.length) delete node[head!];
    else drop(node[head!], rest);
  };
  for (const path of paths) drop(copy, path);
  return copy;
}
