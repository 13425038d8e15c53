import { closest, warnOnce, type Log, type ParamMeta } from "../../kernel/index.js";

/** Keys of request options that are never an operation's parameters (kernel/route.ts). */
const RESERVED = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);

/**
 * Warn once per operation and name about a parameter `operation` does not have, naming the
 * closest one it has (`stat` → `state`). It is still sent — GitHub adds parameters before
 * its description does, and ignores the ones it does not know, so a typo would go unnoticed.
 * Self-contained: called with the same arguments as `checkParams`, wherever validation runs.
 *
 * @example
 * warnUnknownParams("issues.listForRepo", metas, { owner: "o", repo: "r", stat: "open" }, console);
 * // issues.listForRepo: "stat" is not one of its parameters — did you mean "state"? It is sent as it is, and GitHub ignores it.
 */
export function warnUnknownParams(
  operation: string,
  metas: readonly ParamMeta[],
  params: Record<string, unknown>,
  log: Pick<Log, "warn">,
): void {
  let names: string[] | undefined;
  for (const key of Object.keys(params)) {
    if (RESERVED.has(key) || params[key] === undefined) continue;
    if (!names) {
      // A loop, not `map`: this runs on every checked call (docs/how-it-works.md counts its functions).
      names = [];
      for (const meta of metas) names.push(meta[0]);
    }
    if (names.includes(key)) continue;
    const near = closest(key, names);
    warnOnce(
      log,
      `unknown parameter ${operation} ${key}`,
      `${operation}: "${key}" is not one of its parameters${near ? ` — did you mean "${near}"?` : "."} It is sent as it is, and GitHub ignores it.`,
    );
  }
}
