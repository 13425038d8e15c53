import { isHttpError, type Response } from "../../kernel/index.js";
import { isGraphqlRateLimited, isSecondaryLimit, parseRateLimit, parseRetryAfter } from "./headers.js";
import type { Attempt, Engine, Outcome, WithRateLimit } from "./types.js";

/** GitHub's advice when a secondary limit names no time: wait at least a minute, doubling after that. */
const SECONDARY_FALLBACK = 60_000;

/**
 * Read one attempt's response or `HttpError`: attach its rate-limit state, refresh the
 * clock-skew estimate from `date`, and say whether (and until when) GitHub asked to wait.
 * The rules: docs/errors-retries-rate-limits.md#rate-limits-throttle.
 */
export function inspect(engine: Engine, attempt: Attempt, result: unknown, failed: boolean): Outcome {
  const source = failed ? (isHttpError(result) ? result : undefined) : (result as Response<unknown> | undefined);
  if (!source || typeof source !== "object" || typeof source.headers !== "object" || source.headers === null) return {};
  const { headers, status } = source;
  const now = Date.now();
  const date = headers.date;
  if (date !== undefined && date !== engine.lastDate) {
    // The first response seen with a given `date` second gives the tightest estimate.
    const at = Date.parse(date);
    if (Number.isFinite(at)) ((engine.skew = now - at), (engine.lastDate = date));
  }
  const outcome: Outcome = { status, headers };
  const rateLimit = parseRateLimit(headers);
  if (rateLimit) ((outcome.rateLimit = rateLimit), ((source as WithRateLimit<object>).rateLimit = rateLimit));
  const given = headers["retry-after"];
  const retryAfter = given === undefined ? undefined : parseRetryAfter(given, now - engine.skew);
  if (retryAfter !== undefined) outcome.retryAfter = now + retryAfter;
  // x-ratelimit-reset is on GitHub's clock: move it onto ours.
  const reset =
    rateLimit?.remaining === 0 && rateLimit.reset !== undefined ? rateLimit.reset * 1000 + engine.skew : undefined;
  if (reset !== undefined) outcome.exhausted = reset;
  if (failed && (status === 403 || status === 429) && isHttpError(source)) {
    const secondary = isSecondaryLimit(source.response.data);
    if (secondary || (reset === undefined && status === 403 && retryAfter !== undefined)) {
      const until = outcome.retryAfter ?? reset ?? now + SECONDARY_FALLBACK * 2 ** attempt.secondaryHits;
      outcome.limit = { kind: "secondary", until };
    } else if (reset !== undefined) outcome.limit = { kind: "primary", until: reset };
  } else if (!failed && reset !== undefined && isGraphqlRateLimited((source as Response<unknown>).data))
    outcome.limit = { kind: "primary", until: reset };
  return outcome;
}
