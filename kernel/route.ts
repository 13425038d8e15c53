import { ParameterError } from "./errors.js";
import { expand, normalizeTemplate, query } from "./url-template.js";
import type { EndpointOptions, RequestHeaders, RequestOptions, RequestParameters } from "./types.js";

/**
 * Pure code, no I/O: a route and parameters become request options (`merge`), and
 * request options become a concrete method, URL, headers and body (`parse`).
 */

/** Keys of request options that are never sent as operation parameters. */
const RESERVED = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);
/**
 * A header value may hold tab, printable ASCII and Latin-1 (RFC 9110 §5.5): CR, LF or NUL
 * would split the message, and fetch refuses the rest after the hooks ran.
 */
const UNSAFE_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

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

const ABSOLUTE = /^https?:\/\//i;

/** A relative URL joined to `baseUrl` (whose trailing slashes are dropped). */
function join(baseUrl: string, url: string): string {
  const base = baseUrl.endsWith("/") ? baseUrl.replace(/\/+$/, "") : baseUrl;
  return base + (url[0] === "/" ? url : `/${url}`);
}

/** Throw unless `url` is an absolute http(s) URL; fetch would refuse it only after the hooks ran. */
function checkUrl(url: string, route: string): void {
  try {
    new URL(url);
    if (!ABSOLUTE.test(url)) throw url;
  } catch {
    throw new ParameterError(`URL "${url}" for ${route} is not a valid http(s) URL: check baseUrl.`);
  }
}

/** Whether `template` joined to `baseUrl` is a valid URL with every expression filled in, by pair; bounded. */
const valid = new Map<string, boolean>();

function validFor(baseUrl: string, template: string): boolean {
  const key = `${baseUrl} ${template}`;
  let known = valid.get(key);
  if (known === undefined) {
    const filled = template.replace(/\{([+?&]?)[\w,-]+\}/g, (_, operator: string) =>
      operator === "?" || operator === "&" ? "" : "x",
    );
    const url = join(baseUrl, filled);
    try {
      // …and the expressions are all past the origin, which baseUrl alone decides.
      known = ABSOLUTE.test(url) && new URL(url).origin === new URL(join(baseUrl, "/")).origin;
    } catch {
      known = false;
    }
    if (valid.size >= 2000) valid.clear();
    valid.set(key, known);
  }
  return known;
}

function assertHeaders(headers: Record<string, string>, route: string): void {
  for (const name in headers) {
    if (UNSAFE_HEADER_VALUE.test(headers[name] as string)) {
      throw new ParameterError(
        `Header "${name}" for ${route} contains CR, LF or NUL or another character HTTP forbids: remove it.`,
      );
    }
  }
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * `parsed` (from {@link parse} of `options`) with the headers `options` has now, checked
 * again: for options whose hooks changed only headers. Only valid when no parameter is an
 * object (then a body, if any, is either `data` as given or the JSON of the leftovers).
 */
export function withHeaders(parsed: RequestOptions, options: EndpointOptions): RequestOptions {
  const headers = { ...options.headers };
  assertHeaders(headers, `${parsed.method} ${normalizeTemplate(options.url ?? "")}`);
  if (parsed.body !== undefined && options.data === undefined) headers["content-type"] ??= JSON_TYPE;
  return { method: parsed.method, url: parsed.url, headers, body: parsed.body, request: options.request };
}

/** Plain objects and arrays are sent as JSON; anything else (string, bytes, Blob, stream, FormData) as is. */
function isJsonBody(data: unknown): boolean {
  return Array.isArray(data) || (data as object | undefined)?.constructor === Object;
}

/**
 * Expand merged options into a concrete request. Throws a {@link ParameterError} before
 * anything is sent for a bad route, a missing/unsafe path parameter or an unsafe header.
 */
export function parse(options: EndpointOptions): RequestOptions {
  const { method, baseUrl } = options;
  const template = normalizeTemplate(options.url ?? "");
  const route = `${method} ${template}`;
  if (!template) throw new ParameterError(`No URL: pass a route such as "GET /repos/{owner}/{repo}".`);
  const used = new Set<string>();
  let url = expand(template, options, used, route);
  if (ABSOLUTE.test(url)) checkUrl(url, route);
  else {
    url = join(baseUrl, url);
    // Expanded parameters are percent-encoded, so they cannot make a URL invalid: a valid
    // URL with every expression filled in stands for all of them (checked once per pair).
    if (template.startsWith("{origin}") || !validFor(baseUrl, template)) checkUrl(url, route);
  }
  const headers = { ...options.headers };
  assertHeaders(headers, route);
  const rest: Record<string, unknown> = {};
  for (const key in options) {
    if (!RESERVED.has(key) && !used.has(key) && options[key] !== undefined) rest[key] = options[key];
  }
  const names = Object.keys(rest);
  let body: BodyInit | undefined;
  if (method === "GET" || method === "HEAD") url += query(names, rest, url.includes("?") ? "&" : "?", used, route);
  else {
    const data = options.data !== undefined ? options.data : names.length ? rest : undefined;
    if (isJsonBody(data)) {
      body = JSON.stringify(data);
      headers["content-type"] ??= JSON_TYPE;
    } else if (data !== undefined)
      body = typeof data === "number" || typeof data === "boolean" ? String(data) : (data as BodyInit);
  }
  return { method, url, headers, body, request: options.request };
}
