import type { ParamMeta, ScopeParams } from "../../kernel/index.js";

// GHEC's and GHES's registries are stored as what differs from api.github.com's
// (definitions/generate/differences.mjs writes them, definitions/README.md describes them):
// these put a scope's data back together, exactly as a registry of its own would hold it.

/**
 * The digits of definitions/generate/pack.mjs (registry.ts has the same): repeated, not imported,
 * so that this module, which only the deployments' data imports, shares no chunk with the entry.
 */
const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A reference to base lines: `<first index>` or `<first index>+<count>` (a packed line starts with a verb letter). */
const RUN = /^(\d+)(?:\+(\d+))?$/;

/** A scope's lines from the base's (`base`, in the base's order) and the deployment's differences. */
function linesFromBase(difference: string, base: readonly string[]): string[] {
  const lines: string[] = [];
  for (const line of difference.split("\n")) {
    const run = RUN.exec(line);
    if (!run) lines.push(line);
    else {
      const first = Number(run[1]);
      lines.push(...base.slice(first, first + Number(run[2] ?? 1)));
    }
  }
  return lines;
}

/** Undo front-coding (`|`, then per name a digit of characters shared with the previous name and the rest). */
function unfrontNames(names: string): string[] {
  let previous = "";
  return names
    .slice(1)
    .split(",")
    .map((item) => (previous = previous.slice(0, PREFIX_DIGITS.indexOf(item[0]!)) + item.slice(1)));
}

/**
 * A packed scope's routes as `paths` lines (`<verb><path>[ <json>]`), in name order: what the
 * base's `paths` chunk of the scope holds. The packed form is a path trie (definitions/generate/pack.mjs):
 * a path line, `<digit of characters shared with the previous path><rest>`, then its operations,
 * ` <verb><name>[ <json>]`.
 */
function pathLines(packed: string): string[] {
  const lines: [string, string][] = [];
  let path = "";
  for (const line of packed.split("\n")) {
    if (line[0] !== " ") path = path.slice(0, PREFIX_DIGITS.indexOf(line[0]!)) + line.slice(1);
    else {
      const end = line.indexOf(" ", 2);
      const name = line.slice(2, end < 0 ? undefined : end);
      lines.push([name, line[1] + path + (end < 0 ? "" : line.slice(end))]);
    }
  }
  return lines.sort(([a], [b]) => (a < b ? -1 : 1)).map(([, line]) => line);
}

/**
 * A scope's `paths` (packed routes without names, in the order of the deployment's `names`)
 * from the base's packed scope (`routes` of its `scopes/<scope>.ts` chunk, `""` when the base
 * has no such scope) and the deployment's differences: `<first>[+<count>]` is that many of the
 * base's operations, in name order, from index `first`; any other line is the deployment's own.
 */
export function pathsFromBase(difference: string, base: string): string {
  return linesFromBase(difference, base ? pathLines(base) : []).join("\n");
}

/**
 * Every scope's packed routes (definitions/generate/pack.mjs) from the base's (`routes` of its
 * all.ts), the deployment's front-coded `names` and its differences. Each scope's string is
 * made on its first read (an enumerable getter that then becomes the value), so that a client
 * loads the registry without working on scopes it never uses. The string is a path trie whose
 * every path line serves one operation (shared digit 0): the decoder reads it as it reads the
 * generated one, which writes each path once.
 */
export function routesFromBase(
  names: Record<string, string>,
  differences: Record<string, string>,
  base: Record<string, string>,
): Record<string, string> {
  const routes: Record<string, string> = {};
  for (const scope of Object.keys(names))
    Object.defineProperty(routes, scope, {
      configurable: true,
      enumerable: true,
      get() {
        const lines = linesFromBase(differences[scope]!, Object.hasOwn(base, scope) ? pathLines(base[scope]!) : []);
        const value = unfrontNames(names[scope]!)
          .map((name, index) => {
            const line = lines[index]!;
            const end = line.indexOf(" ");
            return `0${line.slice(1, end < 0 ? undefined : end)}\n ${line[0]}${name}${end < 0 ? "" : line.slice(end)}`;
          })
          .join("\n");
        Object.defineProperty(routes, scope, { value, configurable: true, enumerable: true, writable: true });
        return value;
      },
    });
  return routes;
}

/**
 * A scope's parameter metadata from the base's (the same scope's packed `params`, one
 * `<name> <json>` line per method, `""` when the base has no such scope) and the deployment's
 * differences, in the order of the scope's `names` (front-coded): a number n is the next n
 * methods, each with the parameters of the base's method of the same name; an array is a
 * method's own.
 */
export function paramsFromBase(
  names: string,
  difference: readonly (number | readonly ParamMeta[])[],
  base: string,
): ScopeParams {
  const methods = unfrontNames(names);
  const lines = new Map(base ? base.split("\n").map((line) => [line.slice(0, line.indexOf(" ")), line]) : []);
  const params: Record<string, readonly ParamMeta[]> = {};
  let index = 0;
  for (const item of difference) {
    if (typeof item !== "number") params[methods[index++]!] = item;
    else
      for (const end = index + item; index < end; index++) {
        const line = lines.get(methods[index]!)!;
        params[methods[index]!] = JSON.parse(line.slice(line.indexOf(" ") + 1)) as ParamMeta[];
      }
  }
  return params;
}
