/**
 * The request-policy engine shared by the `retry` and `throttle` plugins. It is not a
 * plugin: both plugins configure the one engine a client holds, so a request has one
 * retry counter and waits in one queue whichever of them is applied.
 *
 * @packageDocumentation
 */
import type { RateLimit, WithRateLimit } from "./types.js";
import { parseRateLimit } from "./headers.js";

export { DEFAULT_MAX_WAIT } from "./attach.js";
export { setMaxWait } from "./options.js";
export { RateLimitError, isRateLimitError, type RateLimitDetails } from "./errors.js";
export { parseRateLimit, parseRetryAfter, isSecondaryLimit } from "./headers.js";
export { rateLimitInfo, failFast } from "./hold.js";
export { sleep, abortError, describeRequest } from "./wait.js";
export type * from "./types.js";

/**
 * The rate-limit state a response or `HttpError` carried: the `rateLimit` the engine
 * attached, else parsed from its headers (so it also works on responses another plugin
 * built, e.g. a cached body answered for a 304).
 *
 * @example
 * const response = await client.request("GET /rate_limit");
 * console.log(rateLimitOf(response)?.remaining);
 */
export function rateLimitOf(
  source: { headers?: Record<string, string> | undefined } | null | undefined,
): RateLimit | undefined {
  if (!source || typeof source !== "object") return undefined;
  return (source as WithRateLimit<object>).rateLimit ?? (source.headers ? parseRateLimit(source.headers) : undefined);
}
