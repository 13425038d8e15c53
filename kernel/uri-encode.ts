import { ParameterError } from "./errors.js";

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
