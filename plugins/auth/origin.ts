import { uploadsOrigin, type EndpointOptions } from "../../kernel/index.js";

/**
 * Which origins may receive credentials: the API's own (`baseUrl`) and the uploads host
 * that goes with it. Anything else — an absolute URL, a `Link` header's next page, an
 * `{origin}` template filled with another host, a per-call `baseUrl` — gets none.
 */

/** `scheme://host[:port]` of an absolute http(s) URL (lower-cased, default port dropped). */
export function originOf(url: string): string | undefined {
  const match = /^https?:\/\/[^/?#]+/i.exec(url);
  if (!match) return undefined;
  try {
    return new URL(match[0]).origin;
  } catch {
    return undefined;
  }
}

/** The last baseUrl's origins: most programs use one, and every client of it shares the list. */
let last: { baseUrl: string; origins: readonly string[] } | undefined;

/** The API origin and its uploads origin (the kernel's `uploadsOrigin`; the same host on GHES). */
export function allowedOrigins(baseUrl: string): readonly string[] {
  if (last?.baseUrl === baseUrl) return last.origins;
  const api = originOf(baseUrl);
  const uploads = api && originOf(uploadsOrigin(baseUrl));
  const origins = Object.freeze(!api ? [] : uploads && uploads !== api ? [api, uploads] : [api]);
  last = { baseUrl, origins };
  return origins;
}

/** Where a request will go, read from its unexpanded options (as hooks see them). */
export function targetOrigin(endpoint: EndpointOptions): string | undefined {
  const { url, baseUrl } = endpoint;
  // The usual case, a path under baseUrl: its origin is worked out once per baseUrl.
  if (url[0] === "/")
    return baseUrl === base.url ? base.origin : ((base.url = baseUrl), (base.origin = originOf(baseUrl)));
  if (url.startsWith("{origin}")) return originOf(String(endpoint.origin ?? ""));
  return originOf(url) ?? originOf(baseUrl);
}

/** The last baseUrl {@link targetOrigin} saw, and its origin. */
const base: { url?: string; origin?: string | undefined } = {};
