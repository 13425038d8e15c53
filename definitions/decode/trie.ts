import type { ParamMeta, RouteEntry, ScopeRoutes } from "../../kernel/index.js";

// The decoders of the route data definitions/generate/pack.mjs encodes (its comment describes
// the format; definitions/README.md the files): names, a scope's path trie, one operation of it,
// and one method's line of a scope's parameter metadata. Hand-written, beside the generated data.

const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const VERBS: Record<string, string> = { G: "GET", P: "POST", U: "PUT", A: "PATCH", D: "DELETE", H: "HEAD" };
const PATHS: Record<string, string> = { "~": "/repos/{owner}/{repo}", "^": "/orgs/{org}" };

/**
 * Decode a name list: plain `a,b,c`, or front-coded `|` + per name one digit of characters shared
 * with the previous name, then the rest.
 */
export function unpackNames(list: string): string[] {
  if (list[0] !== "|") return list ? list.split(",") : [];
  let previous = "";
  return list
    .slice(1)
    .split(",")
    .map((packed) => (previous = previous.slice(0, PREFIX_DIGITS.indexOf(packed[0] as string)) + packed.slice(1)));
}

/**
 * A packed scope as `[name, line]` pairs sorted by name, `line` being `<verb letter><path>[ <json>]`
 * as `paths` chunks hold it. The packed form is a path trie, one line per path,
 * `<digit of characters shared with the previous path><rest>`, each followed by its operations,
 * ` <verb letter><name>[ <json [defaults|0, extra?]>]`.
 */
function trieLines(packed: string): [string, string][] {
  const pairs: [string, string][] = [];
  let path = "";
  // ("" splits into one empty line, which is no operation.)
  for (const line of packed.split("\n")) {
    const end = line.indexOf(" ", 2);
    if (line[0] !== " ") path = path.slice(0, PREFIX_DIGITS.indexOf(line[0] as string)) + line.slice(1);
    else pairs.push([line.slice(2, end < 0 ? undefined : end), line[1] + path + (end < 0 ? "" : line.slice(end))]);
  }
  return pairs.sort(([a], [b]) => (a < b ? -1 : 1));
}

/** Decode a packed scope (a path trie: trieLines): `name → [route, defaults?, extra?]`, names sorted. */
export function decodeScope(packed: string): ScopeRoutes {
  const pairs = trieLines(packed);
  return decodePaths(
    pairs.map((pair) => pair[0]),
    pairs.map((pair) => pair[1]),
  );
}

/** Decode packed lines without names (`<verb letter><path>[ <json>]`), the i-th being `names[i]`'s route. */
export function decodePaths(names: readonly string[], lines: readonly string[]): ScopeRoutes {
  const routes: Record<string, RouteEntry> = {};
  lines.forEach((line, index) => {
    const end = line.indexOf(" ");
    const path = line.slice(1, end < 0 ? undefined : end);
    const route = `${VERBS[line[0] as string]} ${(PATHS[path[0] as string] ?? path[0]) + path.slice(1)}`;
    routes[names[index] as string] = end < 0 ? [route] : [route, ...(JSON.parse(line.slice(end + 1)) as [0])];
  });
  return routes;
}

/** Names of a packed scope, sorted, without decoding its routes. */
export const packedNames = (packed: string): string[] => trieLines(packed).map((pair) => pair[0]);

/**
 * One operation of a packed scope, `[route, defaults?, extra?]`, or `undefined` when the scope has
 * no such name: its line is found by name and its path rebuilt from the path lines above it, so
 * that nothing of the scope's other operations is kept.
 */
export function trieEntry(packed: string, name: string): RouteEntry | undefined {
  let at = name ? packed.indexOf(name) : -1;
  // An operation line is `\n <verb><name>` followed by a space (its JSON) or the line's end.
  for (; at >= 0; at = packed.indexOf(name, at + 1)) {
    const next = packed[at + name.length];
    if (packed[at - 2] === " " && packed[at - 3] === "\n" && (next === undefined || next === " " || next === "\n"))
      break;
  }
  if (at < 0) return undefined;
  let path = "";
  // Every line above the operation's (which starts at `at - 2`) ends with a newline.
  for (let start = 0; start < at - 2;) {
    const end = packed.indexOf("\n", start);
    if (packed[start] !== " ")
      path = path.slice(0, PREFIX_DIGITS.indexOf(packed[start] as string)) + packed.slice(start + 1, end);
    start = end + 1;
  }
  const end = packed.indexOf("\n", at);
  return decodePaths([name], [packed[at - 1] + path + packed.slice(at + name.length, end < 0 ? undefined : end)])[name];
}

/**
 * One method's parameters from a scope's packed metadata (one `<name> <json>` line per method,
 * definitions/generate/definitions.mjs), or `undefined` when the scope has no such method.
 */
export function paramsLine(packed: string, name: string): readonly ParamMeta[] | undefined {
  const start = packed.startsWith(`${name} `) ? 0 : packed.indexOf(`\n${name} `) + 1;
  if (!start && !packed.startsWith(`${name} `)) return undefined;
  const end = packed.indexOf("\n", start);
  return JSON.parse(packed.slice(start + name.length + 1, end < 0 ? undefined : end)) as ParamMeta[];
}
