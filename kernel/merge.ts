import type { EndpointOptions, RequestHeaders, RequestParameters } from "./types.js";

/**
 * Pure code: a route and parameters become one fresh options object per request (`merge`),
 * which `parse` (kernel/route.ts) turns into a concrete request.
 */

/** Lower-case header names, drop `undefined`, stringify the rest. */
export function lowercaseHeaders(
  headers: RequestHeaders | undefined,
  into: Record<string, string> = {},
): Record<string, string> {
  for (const name in headers) {
    const value = headers[name];
    const key = name.toLowerCase();
    if (value === undefined) delete into[key];
    else into[key] = String(value);
  }
  return into;
}

/** `method` upper-cased; the usual, already upper-case methods as they are. */
function upper(method: string): string {
  return method === "GET" || method === "POST" ? method : method.toUpperCase();
}

/** Split `"GET /path"` / `"/path"` into method and url. */
function splitRoute(route: string): { method: string; url: string } {
  const space = route.indexOf(" ");
  if (space === -1) return { method: "GET", url: route };
  return { method: route.slice(0, space), url: route.slice(space + 1).trim() };
}

/**
 * Merge `defaults`, a route (string or options object) and parameters into a fresh
 * {@link EndpointOptions}. Nothing passed in is mutated.
 */
export function merge(
  defaults: EndpointOptions,
  route?: string | RequestParameters,
  params?: RequestParameters,
): EndpointOptions {
  // Only read, never changed: one object given alone is used as it is.
  const given: RequestParameters =
    typeof route === "string"
      ? { ...splitRoute(route), ...params }
      : params === undefined
        ? (route ?? {})
        : { ...route, ...params };
  const merged = { ...defaults, ...given } as EndpointOptions;
  merged.method = upper(merged.method);
  merged.headers = lowercaseHeaders(given.headers, { ...defaults.headers });
  merged.request = { ...defaults.request, ...given.request };
  if (defaults.mediaType && given.mediaType) merged.mediaType = { ...defaults.mediaType, ...given.mediaType };
  return merged;
}

/**
 * `merge(merge(defaults, base), route, params)` in one step, without the intermediate object:
 * for a `base` (an endpoint method's route and defaults) shared by many clients.
 */
export function mergeOver(
  defaults: EndpointOptions,
  base: RequestParameters,
  route?: RequestParameters,
  params?: RequestParameters,
): EndpointOptions {
  const given: RequestParameters = params === undefined ? (route ?? {}) : { ...route, ...params };
  const merged = { ...defaults, ...base, ...given } as EndpointOptions;
  merged.method = upper(merged.method);
  const headers = { ...defaults.headers };
  merged.headers = lowercaseHeaders(given.headers, base.headers ? lowercaseHeaders(base.headers, headers) : headers);
  merged.request = { ...defaults.request, ...base.request, ...given.request };
  // `mediaType` merges one level deep, as two merges would (usually none of them has one).
  if (defaults.mediaType && base.mediaType) {
    const inner = { ...defaults.mediaType, ...base.mediaType };
    merged.mediaType = given.mediaType
      ? { ...inner, ...given.mediaType }
      : "mediaType" in given
        ? given.mediaType
        : inner;
  } else if (given.mediaType) {
    const inner = "mediaType" in base ? base.mediaType : defaults.mediaType;
    if (inner) merged.mediaType = { ...inner, ...given.mediaType };
  }
  return merged;
}
