import { ParameterError } from "./errors.js";
import { checkMethod, checkTimeout } from "./check-request.js";
import { expand, normalizeTemplate, query } from "./url-template.js";
import type { EndpointOptions, RequestOptions } from "./types.js";

/**
 * Pure code, no I/O: request options become a concrete method, URL, headers and body
 * (`parse`). They come from `merge` (kernel/merge.ts, re-exported here).
 */

export { lowercaseHeaders, merge, mergeOver } from "./merge.js";

/** Keys of request options that are never sent as operation parameters. */
const RESERVED = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);
/**
 * A header value may hold tab, printable ASCII and Latin-1 (RFC 9110 §5.5): CR, LF or NUL
 * would split the message, and fetch refuses the rest after the hooks ran.
 */
const UNSAFE_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

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
  checkMethod(method, route);
  checkTimeout(options.request?.timeout, "request.timeout");
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
