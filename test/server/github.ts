import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { RateLimitState } from "./rate-limit.js";

// The headers api.github.com sends, and its error bodies. CORS: GitHub allows any origin
// and exposes its own headers (docs/browsers-and-bundle-size.md#cors-what-a-page-can-and-cannot-see).

/** Headers GitHub lets cross-origin scripts read. */
export const EXPOSED_HEADERS =
  "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset";

/** The answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`). */
export const PREFLIGHT_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers":
    "Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-GitHub-Api-Version",
  "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
  "access-control-max-age": "86400",
  "access-control-expose-headers": EXPOSED_HEADERS,
};

/** A request id shaped like GitHub's (`C0DE:1A2B3C:4D5E6F:7A8B9C:65F0A1B2`). */
export function requestId(now: number): string {
  const hex = randomBytes(10).toString("hex").toUpperCase();
  return `${hex.slice(0, 4)}:${hex.slice(4, 10)}:${hex.slice(10, 16)}:${hex.slice(16, 20)}:${Math.floor(now / 1000)
    .toString(16)
    .toUpperCase()}`;
}

/** A weak validator over the exact body bytes, as GitHub sends for JSON. */
export function etagOf(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("hex")}"`;
}

/** `If-None-Match` (a list, maybe `*`) matches `etag` under weak comparison (RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * `x-github-media-type`: `github.v3; format=json` by default; from an `accept` of
 * `application/vnd.github.v3.raw+json` → `github.v3; param=raw; format=json`, and a
 * preview's name (`application/vnd.github.mercy-preview+json`) → `github.mercy-preview; format=json`.
 */
export function mediaType(accept: string | undefined): string {
  const found = /application\/vnd\.github\.([\w.-]+?)(?:\+(\w+))?(?:[;,\s]|$)/.exec(accept ?? "");
  if (!found) return "github.v3; format=json";
  const [version, ...params] = found[1]!.split(".");
  return [`github.${version}`, ...params.map((param) => `param=${param}`), `format=${found[2] ?? "json"}`].join("; ");
}

/** Headers on every response. */
export function baseHeaders(id: string, apiVersion: string): Record<string, string> {
  return {
    server: "github.com",
    "x-github-request-id": id,
    "x-github-api-version-selected": apiVersion,
    "access-control-allow-origin": "*",
    "access-control-expose-headers": EXPOSED_HEADERS,
    "x-frame-options": "deny",
    "x-content-type-options": "nosniff",
    "x-xss-protection": "0",
    "referrer-policy": "origin-when-cross-origin, strict-origin-when-cross-origin",
    "content-security-policy": "default-src 'none'",
    vary: "Accept, Authorization, Cookie, X-GitHub-OTP, Accept-Encoding, Accept, X-Requested-With",
  };
}

/** `x-ratelimit-*` for one request. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "x-ratelimit-limit": String(state.limit),
    "x-ratelimit-remaining": String(state.remaining),
    "x-ratelimit-reset": String(state.reset),
    "x-ratelimit-used": String(state.used),
    "x-ratelimit-resource": state.resource,
  };
}

/** GitHub's error body: `{ message, documentation_url, status }` (+ `errors[]` for 422s). */
export function errorBody(
  status: number,
  message: string,
  documentationUrl = "https://docs.github.com/rest",
  errors?: unknown[],
): Record<string, unknown> {
  return { message, ...(errors ? { errors } : {}), documentation_url: documentationUrl, status: String(status) };
}

/** The first value of a request header. */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
