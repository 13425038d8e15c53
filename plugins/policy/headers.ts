import type { RateLimit, ResponseHeaders } from "../../kernel/index.js";

/** Pure parsers for the headers GitHub uses to ask for patience. Linear in the input size. */

// The log plugin's request record (plugins/log/record.ts) reads `x-ratelimit-*` with this too.
const FIELDS = ["limit", "remaining", "reset", "used"] as const;
/** Each field's header name, made once (read on every response). */
const HEADERS = FIELDS.map((field) => `x-ratelimit-${field}`);
/** Resource names go into store keys: keep them to a safe alphabet. */
const RESOURCE = /^[\w-]{1,64}$/;

/**
 * The latest `x-ratelimit-reset` (epoch seconds) a `Date` can hold (ECMA-262 §21.4.1.1:
 * ±8.64e15 ms). A later one is garbage: GitHub's resets are at most an hour ahead, and
 * `new Date(reset * 1000)` past it is an Invalid Date whose `toISOString()` throws.
 */
const MAX_RESET = 8.64e12;

/**
 * `x-ratelimit-*` → {@link RateLimit}, or `undefined` when the response carried none. Linear
 * in the input size. Each field is a whole number of at most 15 digits (a safe integer), a
 * reset one a `Date` can hold; anything else from the server (signs, fractions,
 * 9999999999999) is left out.
 */
export function parseRateLimit(headers: ResponseHeaders): RateLimit | undefined {
  let out: RateLimit | undefined;
  for (let i = 0; i < FIELDS.length; i++) {
    const field = FIELDS[i]!;
    const text = headers[HEADERS[i]!];
    if (text === undefined || text.length > 20 || !/^\s*\d{1,15}\s*$/.test(text)) continue;
    const value = Number(text);
    if (field === "reset" && value > MAX_RESET) continue;
    (out ??= {})[field] = value;
  }
  const resource = headers["x-ratelimit-resource"];
  if (resource !== undefined && RESOURCE.test(resource)) (out ??= {}).resource = resource;
  return out;
}

/** IMF-fixdate, RFC 850 and asctime, the three HTTP-date forms (RFC 9110 §5.6.7). */
const HTTP_DATE =
  /^(?:[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

/**
 * `Retry-After` → milliseconds to wait, or `undefined` when absent or garbage.
 * Delay-seconds or an HTTP-date (RFC 9110 §10.2.3); a date is measured against the
 * server's own `date` (`serverNow`) so clock skew cancels out; a past date means now.
 */
export function parseRetryAfter(value: string | undefined, serverNow: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.length > 64 ? "" : value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  if (!HTTP_DATE.test(text)) return undefined;
  // asctime carries no zone; HTTP-dates are always GMT.
  const at = Date.parse(text.endsWith("GMT") ? text : `${text} GMT`);
  return Number.isFinite(at) ? Math.max(0, at - serverNow) : undefined;
}

/**
 * Whether an error body announces a secondary rate limit (or, on older GitHub Enterprise
 * Server, the "abuse detection mechanism" it was called before); see
 * docs/errors-retries-rate-limits.md#secondary-rate-limits.
 */
export function isSecondaryLimit(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const { message, documentation_url: url } = data as { message?: unknown; documentation_url?: unknown };
  return (
    (typeof message === "string" && /secondary rate limit|abuse detection/i.test(message)) ||
    (typeof url === "string" && /secondary-rate-limits|abuse-rate-limits/i.test(url))
  );
}

/**
 * Whether a GraphQL response body reports an exhausted budget: GitHub answers it with status
 * 200 and an error of type `RATE_LIMITED` (with `x-ratelimit-remaining: 0`).
 */
export function isGraphqlRateLimited(data: unknown): boolean {
  const errors = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => (e as { type?: unknown } | null)?.type === "RATE_LIMITED");
}
