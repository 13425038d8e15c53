import { ParameterError } from "./errors.js";
import { expand, normalizeTemplate, query } from "./url-template.js";
import { RESERVED } from "./merge.js";
import type { EndpointOptions, RequestOptions } from "./types.js";

/**
 * Pure code, no I/O: request options (from `merge`, kernel/merge.ts) become a concrete
 * method, URL, headers and body (`parse`).
 */

/** The methods of HTTP that GitHub's REST API uses (RFC 9110 §9.3, PATCH from RFC 5789). */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Throw a {@link ParameterError} for a method HTTP does not have (`GTE /zen` would fail as a socket error). */
export function checkMethod(method: string, route: string): void {
  if (METHODS.includes(method)) return;
  throw new ParameterError(
    `${route}: ${JSON.stringify(method)} is not an HTTP method. Use one of ${METHODS.join(", ")}.`,
  );
}

/** Throw a {@link ParameterError} unless `timeout` is a number of milliseconds ≥ 0 (or absent). */
export function checkTimeout(timeout: unknown, where: string): void {
  if (timeout === undefined || (typeof timeout === "number" && timeout >= 0)) return;
  throw new ParameterError(
    `${where} must be a number of milliseconds ≥ 0 (0 for none), got ${typeof timeout === "string" ? JSON.stringify(timeout) : String(timeout)}: e.g. ${where}: 1000 for one second.`,
  );
}

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

/**
 * The known name `name` is most likely a typo of, if any is close enough (an edit distance
 * of at most a third of its length, 1 to 2).
 *
 * @example
 * closest("baseURL", ["baseUrl", "headers"]); // "baseUrl"
 */
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

/** Throw unless `url` is an absolute http(s) URL without userinfo; fetch would refuse it only after the hooks ran. */
function checkUrl(url: string, route: string): void {
  let parsed: URL | undefined;
  try {
    if (ABSOLUTE.test(url)) parsed = new URL(url);
  } catch {
    // not a URL: refused below
  }
  if (!parsed)
    throw new ParameterError(
      `URL "${withoutUserinfo(url)}" for ${withoutUserinfo(route)} is not a valid http(s) URL: check baseUrl.`,
    );
  refuseUserinfo(parsed, route.slice(0, route.indexOf(" ")));
}

/** Whether `template` joined to `baseUrl` is a valid URL with every expression filled in, by `key` (the pair); bounded. */
const valid = new Map<string, boolean>();

function validFor(baseUrl: string, template: string, key: string): boolean {
  const filled = template.replace(/\{([+?&]?)[\w,-]+\}/g, (_, operator: string) =>
    operator === "?" || operator === "&" ? "" : "x",
  );
  const url = join(baseUrl, filled);
  let known: boolean;
  try {
    // …and the expressions are all past the origin, which baseUrl alone decides.
    const base = new URL(join(baseUrl, "/"));
    known = ABSOLUTE.test(url) && new URL(url).origin === base.origin && !base.username && !base.password;
  } catch {
    known = false;
  }
  if (valid.size >= 2000) valid.clear();
  valid.set(key, known);
  return known;
}

/** Set to `true` in `request` options to send a URL's trailing slash, as @octokit/rest v16 did. */
const KEEP_TRAILING_SLASH = Symbol.for("forgekit.keepTrailingSlash");

const keepsSlash = (options: EndpointOptions) =>
  (options.request as { [KEEP_TRAILING_SLASH]?: unknown } | undefined)?.[KEEP_TRAILING_SLASH] === true;

const JSON_TYPE = "application/json; charset=utf-8";

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
  // Calls only off the usual path (docs/how-it-works.md counts a warm request's functions).
  if (method !== "GET" && method !== "POST") checkMethod(method, route);
  const timeout = options.request?.timeout;
  if (timeout !== undefined) checkTimeout(timeout, "request.timeout");
  const used = new Set<string>();
  // An @octokit/rest v16 name (asked for in `request`) sends its path as v16 did.
  const v16 = keepsSlash(options);
  let url = expand(template, options, used, route, v16);
  // As @octokit/endpoint: one trailing slash goes (`contents/{+path}` with no path is `contents`);
  // not for an @octokit/rest v16 name, as @octokit/endpoint 6 kept it.
  if (url.length > 1 && url.endsWith("/") && !v16) url = url.slice(0, -1);
  if (ABSOLUTE.test(url)) checkUrl(url, route);
  else {
    const key = `${baseUrl} ${template}`;
    url = join(baseUrl, url);
    // Expanded parameters are percent-encoded, so they cannot make a URL invalid: a valid
    // URL with every expression filled in stands for all of them (checked once per pair).
    if (template.startsWith("{origin}") || !(valid.get(key) ?? validFor(baseUrl, template, key))) checkUrl(url, route);
  }
  const headers = { ...options.headers };
  for (const name in headers)
    if (UNSAFE_HEADER_VALUE.test(headers[name]!))
      throw new ParameterError(
        `Header "${name}" for ${route} contains CR, LF or NUL or another character HTTP forbids: remove it.`,
      );
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

/**
 * Where GitHub takes release-asset uploads for an API root: api.github.com →
 * uploads.github.com (its OpenAPI description's server for `repos/upload-release-asset`),
 * GHE.com's `api.<sub>.ghe.com` → `uploads.<sub>.ghe.com`, GHES and anything else → the
 * same host under `/api/uploads`. Used where routes start with `{origin}` and to decide
 * which origins may receive credentials. Throws a TypeError for a `baseUrl` that is not a URL.
 */
export function uploadsOrigin(baseUrl: string): string {
  const { origin } = new URL(baseUrl);
  const cloud = /^https:\/\/api\.((?:[\w-]+\.)?ghe\.com|github\.com)$/.exec(origin);
  return cloud ? `https://uploads.${cloud[1]}` : `${origin}/api/uploads`;
}

/**
 * Userinfo in a request's URL (`https://user:pw@host/…`) is refused before any I/O: node:http
 * would send it as Basic auth of its own (not the `authorization` forgekit redacts by header
 * name), and fetch refuses such a URL only after the hooks ran (Fetch standard, Request
 * constructor step 5.4). The message shows neither the user nor the password: either may be
 * a token.
 */
export function refuseUserinfo(url: URL, method: string): void {
  if (!url.username && !url.password) return;
  throw new ParameterError(
    `The URL of a ${method} request holds credentials ("${url.protocol}//[REDACTED]@${url.host}"): remove them from the URL and pass them as the auth option (or an authorization header) instead.`,
  );
}

/** `url` with whatever stands before an `@` in its authority replaced, for a message about a URL that does not parse. */
export const withoutUserinfo = (url: string) => url.replace(/(\b[a-z][\w+.-]*:\/\/)[^/?#\s]*@/gi, "$1[REDACTED]@");
