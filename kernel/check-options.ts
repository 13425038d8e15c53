import { ParameterError } from "./errors.js";
import { warnOnce } from "./warn-once.js";
import type { Log } from "./types.js";

/** Top-level options the kernel itself reads. */
export const KERNEL_OPTIONS = ["baseUrl", "headers", "userAgent", "timeZone", "timeout", "agent", "request", "log"];

/** Edit distance (insert, delete, substitute, swap neighbours), case-insensitive. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** The known name `name` is most likely a typo of, if any is close enough. */
export function closest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.min(2, Math.floor(name.length / 3)));
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d <= bestDistance && (!best || d < bestDistance)) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/**
 * Warn once per name (per process) about top-level options no plugin reads. `declared` holds
 * each plugin's `options` list, `undefined` for a plugin that declares none: such a plugin may
 * read any name, so then only near-misses of a known name ("baseURL" for "baseUrl") warn.
 */
export function checkOptions(given: object, declared: (readonly string[] | undefined)[], log: Pick<Log, "warn">): void {
  const known = new Set(KERNEL_OPTIONS);
  let open = false;
  for (const names of declared) {
    if (!names) open = true;
    else for (const name of names) known.add(name);
  }
  for (const name of Object.keys(given)) {
    if (known.has(name)) continue;
    const near = closest(name, known);
    if (!near && open) continue;
    warnOnce(
      log,
      `unknown option ${name}`,
      near
        ? `unknown option "${name}" — did you mean "${near}"? It is ignored.`
        : `unknown option "${name}" is ignored; known options: ${[...known].join(", ")}.`,
    );
  }
}

/**
 * `baseUrl` as the kernel uses it: an http(s) URL without credentials, trailing slashes
 * removed. Anything else is a `ParameterError` before anything is sent; a credential in it
 * never appears in the message.
 */
export function checkBaseUrl(value: unknown): string {
  if (value === undefined) return "https://api.github.com";
  let url: URL | undefined;
  try {
    if (typeof value === "string") url = new URL(value);
  } catch {}
  if (!url)
    throw new ParameterError(
      `baseUrl must be an absolute http(s) URL such as "https://api.github.com" or "https://ghe.example/api/v3", got ${typeof value !== "string" ? typeof value : value.includes("@") ? "a string that is not one" : JSON.stringify(value)}.`,
    );
  if (url.username || url.password) {
    url.username = url.password = "";
    throw new ParameterError(
      `baseUrl must not hold credentials ("user:[REDACTED]@…" in ${url.origin}): pass the token as the auth option instead.`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ParameterError(`baseUrl must use https: or http:, got ${JSON.stringify(url.protocol)}.`);
  return (value as string).replace(/\/+$/, "");
}

/** `Client.plugin`'s arguments, flattened: each must be a plugin function. */
export function checkPlugins<P>(given: unknown[]): P[] {
  for (const p of given) {
    if (typeof p === "function") continue;
    const keys = p && typeof p === "object" ? Object.keys(p).filter((k) => typeof (p as never)[k] === "function") : [];
    throw new TypeError(
      `Client.plugin expects plugin functions, got ${p === null ? "null" : typeof p}${typeof p === "string" ? ` ${JSON.stringify(p)}` : ""}` +
        (keys.length
          ? ` — an object holding ${keys.join(", ")}: a module namespace (import * as ns)? Pass the plugin itself, e.g. ns.${keys[0]}.`
          : "."),
    );
  }
  return given as P[];
}
