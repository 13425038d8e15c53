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

/**
 * A scope's `paths` (packed routes without names, in the order of the deployment's `names`)
 * from the base's `paths` chunk of that scope (`""` when the base has no such scope) and the
 * deployment's differences: `<first>[+<count>]` is that many of the base's lines from index
 * `first`, any other line the deployment's own.
 */
export function pathsFromBase(difference: string, base: string): string {
  return linesFromBase(difference, base ? base.split("\n") : []).join("\n");
}

/**
 * Every scope's packed routes (name column and route, definitions/generate/pack.mjs) from the
 * base's (`routes` of its all.ts), the deployment's front-coded `names` and its differences.
 * Each scope's string is made on its first read (an enumerable getter that then becomes the
 * value), so that a client loads the registry without working on scopes it never uses.
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
        // The base's lines without their name column: what its `paths` chunk of the scope holds.
        const own = Object.hasOwn(base, scope)
          ? base[scope]!.split("\n").map((line) => line.slice(line.indexOf(" ") + 1))
          : [];
        const lines = linesFromBase(differences[scope]!, own);
        // A front-coded name list is `|` and the name column, comma-joined (unpackNames).
        const value = names[scope]!.slice(1)
          .split(",")
          .map((name, index) => `${name} ${lines[index]}`)
          .join("\n");
        Object.defineProperty(routes, scope, { value, configurable: true, enumerable: true, writable: true });
        return value;
      },
    });
  return routes;
}

/**
 * A scope's parameter metadata from the base's (the same scope's, `{}` when the base has no
 * such scope) and the deployment's differences, in the order of the scope's `names` (front-coded):
 * a number n is the next n methods, each with the parameters of the base's method of the same
 * name; an array is a method's own.
 */
export function paramsFromBase(
  names: string,
  difference: readonly (number | readonly ParamMeta[])[],
  base: ScopeParams,
): ScopeParams {
  // Front-coded (`|`, then per name a digit of characters shared with the previous name and the rest).
  let previous = "";
  const methods = names
    .slice(1)
    .split(",")
    .map((item) => (previous = previous.slice(0, PREFIX_DIGITS.indexOf(item[0]!)) + item.slice(1)));
  const params: Record<string, readonly ParamMeta[]> = {};
  let index = 0;
  for (const item of difference) {
    if (typeof item !== "number") params[methods[index++]!] = item;
    else for (const end = index + item; index < end; index++) params[methods[index]!] = base[methods[index]!]!;
  }
  return params;
}
