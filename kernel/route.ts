import { RequestError } from "./errors.js";
import { expand, normalizeTemplate, queryValue } from "./url-template.js";
import type { EndpointOptions, RequestHeaders, RequestOptions, RequestParameters } from "./types.js";

/**
 * Pure code, no I/O: a route and parameters become request options (`merge`), and
 * request options become a concrete method, URL, headers and body (`parse`).
 */

/** Keys of request options that are never sent as operation parameters. */
const RESERVED = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);
const UNSAFE_HEADER_VALUE = /[\r\n\0]/;

/** Lower-case header names, drop `undefined`, stringify the rest. */
export function lowercaseHeaders(headers: RequestHeaders | undefined, into: Record<string, string> = {}): Record<string, string> {
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) delete into[name.toLowerCase()];
    else into[name.toLowerCase()] = String(value);
  }
  return into;
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
export function merge(defaults: EndpointOptions, route?: string | RequestParameters, params?: RequestParameters): EndpointOptions {
  const given: RequestParameters = typeof route === "string" ? { ...splitRoute(route), ...params } : { ...route, ...params };
  const merged = { ...defaults, ...given } as EndpointOptions;
  merged.method = merged.method.toUpperCase();
  merged.headers = lowercaseHeaders(given.headers, { ...defaults.headers });
  merged.request = given.request ? { ...defaults.request, ...given.request } : { ...defaults.request };
  if (defaults.mediaType && given.mediaType) merged.mediaType = { ...defaults.mediaType, ...given.mediaType };
  return merged;
}

function assertHeaders(headers: Record<string, string>, route: string): void {
  for (const name in headers) {
    if (UNSAFE_HEADER_VALUE.test(headers[name] as string)) {
      throw new RequestError(`Header "${name}" for ${route} contains CR, LF or NUL, which would split the HTTP message: remove them.`);
    }
  }
}

/** Plain objects and arrays are sent as JSON; anything else (string, bytes, Blob, stream, FormData) as is. */
function isJsonBody(data: unknown): boolean {
  return typeof data === "object" && data !== null && (Array.isArray(data) || Object.getPrototypeOf(data) === Object.prototype);
}

/**
 * Expand merged options into a concrete request. Throws a {@link RequestError} before
 * anything is sent for a bad route, a missing/unsafe path parameter or an unsafe header.
 */
export function parse(options: EndpointOptions): RequestOptions {
  const { method, baseUrl } = options;
  const template = normalizeTemplate(options.url ?? "");
  const route = `${method} ${template}`;
  if (!template) throw new RequestError(`No URL given: pass a route such as "GET /repos/{owner}/{repo}".`);
  const used = new Set<string>();
  let url = expand(template, options, used, route);
  if (!/^https?:\/\//i.test(url)) {
    if (!/^https?:\/\//i.test(baseUrl)) throw new RequestError(`baseUrl must be an absolute http(s) URL, got "${baseUrl}".`);
    url = baseUrl.replace(/\/+$/, "") + (url.startsWith("/") ? url : `/${url}`);
  }
  const headers = { ...options.headers };
  assertHeaders(headers, route);
  const rest: Record<string, unknown> = {};
  let restCount = 0;
  for (const key in options) {
    if (RESERVED.has(key) || used.has(key) || options[key] === undefined) continue;
    rest[key] = options[key];
    restCount++;
  }
  let body: BodyInit | undefined;
  if (method === "GET" || method === "HEAD") {
    if (restCount) {
      let query = "";
      for (const key in rest) if (rest[key] !== null) query += `&${encodeURIComponent(key)}=${encodeURIComponent(queryValue(rest[key]))}`;
      if (query) url += url.includes("?") ? query : `?${query.slice(1)}`;
    }
  } else {
    const data = options.data !== undefined ? options.data : restCount ? rest : undefined;
    if (isJsonBody(data)) {
      body = JSON.stringify(data);
      headers["content-type"] ??= "application/json; charset=utf-8";
    } else if (data !== undefined) body = typeof data === "number" || typeof data === "boolean" ? String(data) : (data as BodyInit);
  }
  return { method, url, headers, body, request: options.request };
}
