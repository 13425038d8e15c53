import { ParameterError } from "./errors.js";

/**
 * Expansion of route templates: `{name}` (one path segment), `{+name}` (a value that may
 * hold slashes, e.g. a branch or a file path, and may be empty at the end of the route), a
 * leading `{origin}`, and RFC 6570 form-style query expressions `{?a,b}` / `{&a,b}`. Legacy
 * `:name` placeholders are rewritten to `{name}` first. Values are encoded as @octokit/endpoint
 * encodes `{name}`: `/` becomes `%2F` in both, which GitHub reads as
 * `/`. Unlike RFC 6570's reserved expansion, `{+name}` never lets `?`, `#` or a `..` segment
 * through: a path parameter cannot leave its place in the URL.
 */

/**
 * How values are percent-encoded in a URL, byte for byte as @octokit/endpoint encodes them
 * (test/kernel/url-identity.test.ts compares every operation against it): HTTP mocks,
 * recorded fixtures and URL-keyed caches written for @octokit see the same URLs.
 */

/** `encodeURIComponent`, but text it cannot encode (a lone UTF-16 surrogate) is a {@link ParameterError}. */
export function encodeComponent(text: string, name: string, route: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw new ParameterError(`Parameter "${name}" for ${route} has a lone surrogate: pass well-formed UTF-16.`);
  }
}

/** What `encodeURIComponent` keeps that RFC 3986's unreserved set does not (RFC 6570 §3.2.1). */
export const NOT_UNRESERVED = /[!'()*]/g;

/** The percent-encoding of one character matched by {@link NOT_UNRESERVED}. */
export const percent = (c: string): string => "%" + c.charCodeAt(0).toString(16).toUpperCase();

/**
 * RFC 3986's unreserved set only: also `!'()*`, which `encodeURIComponent` keeps. Path values
 * (kernel/url-template.ts, `pathValue`) inline this line: it runs on every request.
 */
export const encodeUnreserved = (text: string, name: string, route: string): string =>
  encodeComponent(text, name, route).replace(NOT_UNRESERVED, percent);

/**
 * A query value outside the route's template. `q` is GitHub's search syntax, where `+`
 * separates qualifiers (`repo:o/r+type:pr`): it stays a `+` (a space to the server), and
 * only the text between is encoded.
 */
export const encodeQueryValue = (name: string, text: string, route: string): string =>
  name === "q"
    ? text
        .split("+")
        .map((part) => encodeComponent(part, name, route))
        .join("+")
    : encodeComponent(text, name, route);

const PLACEHOLDER = /\{([+?&]?)([\w,-]+)\}/g;
const LEGACY = /(^|\/):(\w+)/g;

/** Rewrite `/repos/:owner/:repo` to `/repos/{owner}/{repo}`. */
export function normalizeTemplate(url: string): string {
  return url.includes(":") && !/^\w+:\/\//.test(url) ? url.replace(LEGACY, "$1{$2}") : url;
}

/** `.` and `..` in every spelling a URL parser treats as one (WHATWG URL: single/double-dot segments). */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

function pathValue(name: string, value: unknown, multi: boolean, route: string, last: boolean, v16: boolean): string {
  // `{+path}` ending the route may be empty (RFC 6570 expands an undefined variable to
  // nothing): `contents/{+path}` with "" or "/" lists the root, `contents/` as GitHub expects.
  // An @octokit/rest v16 name sends a leading slash as v16 did, encoded (`contents/%2F`).
  if (multi && last && typeof value === "string" && !v16) value = value.replace(/^\/+/, "");
  if (multi && last && (value === undefined || value === "")) return "";
  if (value === undefined || value === null || value === "" || typeof value === "object") {
    throw new ParameterError(
      `Path parameter "${name}" for ${route} is ${value === undefined ? "missing" : JSON.stringify(value)}: pass a non-empty string or number.`,
    );
  }
  // `Number(undefined)`, `parseInt("")`: a path such as /issues/NaN names nothing GitHub has.
  if (typeof value === "number" && !Number.isFinite(value))
    throw new ParameterError(`Path parameter "${name}" for ${route} is ${value}: pass a finite number or a string.`);
  const text = String(value);
  // A server that reads `%2F` as `/` would still resolve a `..` segment.
  if (text.split("/").some((segment) => DOT_SEGMENT.test(segment))) {
    throw new ParameterError(
      `Path parameter "${name}" for ${route} is "${text}": "." and ".." would change the path: pass the real name.`,
    );
  }
  // `encodeUnreserved` inlined: one function fewer on every request.
  return encodeComponent(text, name, route).replace(NOT_UNRESERVED, percent);
}

/** Serialise a query value: arrays comma-joined (GitHub's convention), dates as ISO 8601, objects as JSON. */
export function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(queryValue).join(",");
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * A form-style query of the values of `names` that are neither `undefined` nor `null`:
 * `?a=1&b=2`, or `&a=1&b=2` when `joiner` is `"&"`. Records each name in `used`. `template`
 * is true for a `{?a,b}` expression (RFC 6570: `!'()*` encoded, an array's commas kept) and
 * false for the parameters a GET sends beside its route (each value as one component).
 */
export function query(
  names: string[],
  params: Record<string, unknown>,
  joiner: string,
  used: Set<string>,
  route: string,
  template = false,
): string {
  let out = "";
  for (const name of names) {
    used.add(name);
    const value = params[name];
    if (value == null) continue;
    const text = template
      ? Array.isArray(value)
        ? value.map((item) => encodeUnreserved(queryValue(item), name, route)).join(",")
        : encodeUnreserved(queryValue(value), name, route)
      : encodeQueryValue(name, queryValue(value), route);
    out += `${out ? "&" : joiner}${encodeComponent(name, name, route)}=${text}`;
  }
  return out;
}

/** A `{…}` expression of a template, analysed once. */
interface Expression {
  /** `""` (one segment), `"+"` (several), `"?"` or `"&"` (query). */
  operator: string;
  /** The names as written, e.g. `"owner"` or `"a,b"`. */
  names: string;
  /** For query expressions, the names one by one. */
  list: string[];
  /** A leading `{origin}`. */
  origin: boolean;
  /** Nothing but query expressions follows it (an empty `{+path}` is allowed there). */
  last: boolean;
}

/** A template as literal text and expressions, alternating (`parts[0]` is text). */
type Compiled = (string | Expression)[];

/** Compiled templates by template string; bounded, because a template may come from a caller. */
const compiled = new Map<string, Compiled>();
const MAX_COMPILED = 2000;

function compile(template: string): Compiled {
  let parts = compiled.get(template);
  if (parts) return parts;
  parts = [];
  let from = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [text, operator, names] = match as unknown as [string, string, string];
    const offset = match.index!;
    parts.push(template.slice(from, offset), {
      operator,
      names,
      list: names.split(","),
      origin: offset === 0 && names === "origin",
      last: /^(\{[?&][\w,-]+\})?$/.test(template.slice(offset + text.length)),
    });
    from = offset + text.length;
  }
  parts.push(template.slice(from));
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(template, parts);
  return parts;
}

/**
 * Expand `template` with `params`, recording in `used` every parameter consumed.
 * Throws a {@link ParameterError} for a missing or unsafe path parameter. Each template is
 * analysed once; expanding is then a walk over its parts.
 */
export function expand(
  template: string,
  params: Record<string, unknown>,
  used: Set<string>,
  route: string,
  v16 = false,
): string {
  if (!template.includes("{")) return template;
  const parts = compile(template);
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const { operator, names, list, origin, last } = parts[i] as Expression;
    if (operator === "?" || operator === "&") out += query(list, params, operator, used, route, true);
    else {
      used.add(names);
      out += origin
        ? checkOrigin(params.origin, route)
        : pathValue(names, params[names], operator === "+", route, last, v16);
    }
    out += parts[i + 1] as string;
  }
  return out;
}

/** A leading `{origin}`: an origin, optionally with a path prefix (GHES uploads live at https://host/api/uploads). */
function checkOrigin(value: unknown, route: string): string {
  const origin = String(value ?? "");
  if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(origin)) {
    throw new ParameterError(
      `Parameter "origin" for ${route} is "${origin}": pass an http(s) origin such as https://uploads.github.com.`,
    );
  }
  return origin;
}
