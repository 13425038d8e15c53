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

/** RFC 3986's unreserved set only: also `!'()*`, which `encodeURIComponent` keeps (RFC 6570 §3.2.1). */
export const encodeUnreserved = (text: string, name: string, route: string): string =>
  encodeComponent(text, name, route).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());

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
