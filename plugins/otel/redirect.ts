import type { Fetch } from "../../kernel/index.js";

/**
 * Trace headers go only to the API's own origins, also across redirects: fetch follows a
 * redirect with every header but credentials (Fetch standard, HTTP-redirect fetch step 13),
 * so a request carrying trace context follows its redirects here, hop by hop, with the same
 * rules as fetch (and the agent transport, plugins/agent/redirect.ts), dropping the trace
 * headers at the first hop to another origin and handing the rest of the chain to fetch.
 */

/**
 * On a wrapper made over the runtime's own fetch: the trace header names (`string[]`). The
 * agent plugin reads it under the same registered key (plugins/agent/index.ts), sends with
 * node:http where it would without trace context, and drops these names there.
 */
export const API_ONLY_HEADERS = Symbol.for("forgekit.apiOnlyHeaders");

/** Dropped with the body when a redirect turns the request into a GET (Fetch standard, step 12). */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];
/** Dropped when the origin changes (Fetch standard, step 13). */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie"];
/** Fetch's own limit (Fetch standard, step 5). */
const MAX_REDIRECTS = 20;

type Init = RequestInit & { headers: Record<string, string> };

/** A copy of `headers` without `names`, compared without regard to case. */
function without(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  const drop = new Set(names.map((name) => name.toLowerCase()));
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!drop.has(name.toLowerCase())) kept[name] = value;
  return kept;
}

/** `init` for the hop to `target` after a `status` redirect, as fetch would send it. */
function nextInit(init: Init, status: number, crossOrigin: boolean, drop: readonly string[]): Init {
  const headers = crossOrigin ? without(init.headers, [...CREDENTIAL_HEADERS, ...drop]) : { ...init.headers };
  const method = (init.method ?? "GET").toUpperCase();
  if (status === 303 ? method !== "HEAD" : (status === 301 || status === 302) && method === "POST") {
    for (const name of BODY_HEADERS) delete headers[name];
    return { ...init, method: "GET", body: null, headers };
  }
  if (init.body instanceof ReadableStream) throw new TypeError("redirected, but a stream body cannot be sent twice");
  return { ...init, headers };
}

/**
 * `fetch` that sends `names` (the injected trace headers) only to `origins`. Hops within them
 * are followed here (`redirect: "manual"`); the first hop elsewhere goes out without the
 * headers and fetch follows the rest as the caller asked. A browser answers `manual` with an
 * opaque redirect that cannot be followed: the request is sent again without the headers.
 */
export function originBound(fetch: Fetch, names: readonly string[], origins: readonly string[]): Fetch {
  return async (input, given) => {
    const caller = given as Init;
    let url = input;
    let init: Init = { ...caller, redirect: "manual" };
    for (let hops = 0; ; hops++) {
      const response = await fetch(url, init);
      const location = response.headers.get("location");
      if (response.type === "opaqueredirect") {
        return fetch(url, { ...init, headers: without(init.headers, names), redirect: caller.redirect ?? "follow" });
      }
      if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return response;
      if (hops >= MAX_REDIRECTS) throw new TypeError("redirect count exceeded");
      await response.body?.cancel();
      const target = new URL(location, url);
      const from = new URL(url).origin;
      init = nextInit(init, response.status, target.origin !== from, origins.includes(target.origin) ? [] : names);
      url = target.href;
      if (!origins.includes(target.origin)) return fetch(url, { ...init, redirect: caller.redirect ?? "follow" });
    }
  };
}
