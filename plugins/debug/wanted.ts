/** Where the `debug` package reads its switch, typed loosely: any of it may be missing. */
interface Host {
  process?: { env?: Record<string, string | undefined>; versions?: { node?: string } };
  localStorage?: { getItem(key: string): string | null };
}

const ROOT = "forgekit:rest";
const last = { list: "", answer: false };

/**
 * Whether a `debug` namespace list (`"forgekit:rest*,-forgekit:rest:paginate"`, `"*"`,
 * `"express:*"`) could enable one of our `forgekit:rest…` namespaces. Like the `debug`
 * package: names split on commas and spaces, `-name` only disables, `*` matches anything.
 * A pattern can match one of ours when its text before the first `*` and our root are
 * prefixes of one another (`*`, `forge*`, `forgekit:rest:req*`), or, without a `*`, when
 * it names one of ours.
 */
export function couldEnable(list: string): boolean {
  // Asked on every request: the answer for the last list seen is kept.
  if (list === last.list) return last.answer;
  last.list = list;
  return (last.answer = list.split(/[\s,]+/).some((pattern) => {
    if (!pattern || pattern[0] === "-") return false;
    const star = pattern.indexOf("*");
    const literal = star < 0 ? pattern : pattern.slice(0, star);
    return literal.startsWith(ROOT) || (star >= 0 && ROOT.startsWith(literal));
  }));
}

/**
 * Whether the `debug` package would print anything of ours, judged without loading it:
 * Node (also Bun and Deno) reads `DEBUG` from the environment — `createDebug.enable()`
 * writes it there too; browsers read `localStorage.debug` (then `DEBUG`). Never throws
 * (storage access can, in a sandboxed frame; so can `process.env` without permission).
 */
export function debugWanted(host: Host = globalThis as Host): boolean {
  try {
    const list = host.process?.env?.DEBUG ?? "";
    // Asked on every request: the answer for the last list seen is kept (see couldEnable).
    if (list === last.list ? last.answer : couldEnable(list)) return true;
    if (host.process?.versions?.node) return false;
    const storage = host.localStorage;
    return couldEnable(storage?.getItem("debug") || storage?.getItem("DEBUG") || "");
  } catch {
    return false;
  }
}
