/** Pure parsers for the headers GitHub uses to ask for patience. Linear in the input size. */

// The kernel reads `x-ratelimit-*` too (its request record, for logs and spans).
export { parseRateLimit } from "../../kernel/index.js";

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
 * Server, the "abuse detection mechanism" it was called before):
 * https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits
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
