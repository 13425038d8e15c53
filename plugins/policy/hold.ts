import { isHttpError, redact } from "../../kernel/index.js";
import { httpCause, RateLimitError, type RateLimitDetails } from "./errors.js";
import type { Attempt, Engine, LimitKind, Outcome, RateLimit, RateLimitInfo } from "./types.js";
import { describeRequest, recordWait, sleep } from "./wait.js";

/** Deciding to wait, or to fail fast, before a request is sent again. */

/** What the rate-limit callbacks receive. */
export function rateLimitInfo(
  attempt: Attempt,
  kind: "primary" | "secondary",
  retryAt: number,
  sent: boolean,
  rateLimit?: RateLimit,
): RateLimitInfo {
  const { method, url } = describeRequest(attempt.options);
  const info: RateLimitInfo = {
    kind,
    resource: rateLimit?.resource ?? attempt.resource ?? "core",
    retryAt,
    waitMs: Math.max(0, retryAt - Date.now()),
    retryCount: attempt.retryCount,
    sent,
    request: { method, url: redact(url) },
  };
  if (rateLimit) info.rateLimit = rateLimit;
  return info;
}

/** The {@link RateLimitError} for a request the engine will not hold back any longer. */
export function failFast(
  engine: Engine,
  attempt: Attempt,
  kind: LimitKind,
  reason: RateLimitDetails["reason"],
  retryAt: number,
  error?: unknown,
  resource?: string,
): RateLimitError {
  const details = {
    kind,
    reason,
    retryAt,
    waitMs: Math.max(0, retryAt - Date.now()),
    maxWait: engine.maxWait,
    ...(reason === "max-total-wait" && { maxTotalWait: totalBudget(engine), waited: attempt.waited }),
  };
  return new RateLimitError(
    describeRequest(attempt.options),
    kind === "primary" ? { ...details, resource: resource ?? attempt.resource ?? "core" } : details,
    httpCause(error),
  );
}

/** The total of one request's waits the engine allows: `maxTotalWait`, by default twice `maxWait`. */
export const totalBudget = (engine: Pick<Engine, "maxWait" | "maxTotalWait">) =>
  engine.maxTotalWait ?? 2 * engine.maxWait;

/** Whether waiting `ms` more keeps `attempt` within the engine's total wait budget (`maxTotalWait`). */
export const withinBudget = (engine: Engine, attempt: Attempt, ms: number) =>
  attempt.waited + ms <= totalBudget(engine);

/**
 * Wait `wait` ms before re-sending a failed attempt. Waits GitHub dictated (a rate limit,
 * `Retry-After`) longer than `maxWait`, or past the request's `maxTotalWait`, fail fast;
 * rate-limit waits are first offered to the throttle's callbacks, which may decline.
 * Backoff delays are capped by `maxWait`; one past `maxTotalWait` gives up with the error.
 */
export async function hold(
  engine: Engine,
  attempt: Attempt,
  error: unknown,
  outcome: Outcome,
  wait: number,
): Promise<void> {
  const { limit } = outcome;
  const kind = limit?.kind ?? "retry-after";
  const dictated = limit !== undefined || outcome.retryAfter !== undefined;
  const resource = outcome.rateLimit?.resource;
  if (dictated && wait > engine.maxWait)
    throw failFast(engine, attempt, kind, "max-wait", Date.now() + wait, error, resource);
  // A reset or Retry-After already past (or of 0, read a millisecond later) is no wait: never
  // a negative one in `request.waits`, a span event or a log record.
  const planned = Math.max(0, dictated ? wait : Math.min(wait, engine.maxWait));
  if (!withinBudget(engine, attempt, planned)) {
    if (!dictated) throw error;
    throw failFast(engine, attempt, kind, "max-total-wait", Date.now() + wait, error, resource);
  }
  if (limit && engine.throttler) {
    const allowed = await engine.throttler.allow(
      attempt,
      rateLimitInfo(attempt, limit.kind, Date.now() + wait, true, outcome.rateLimit),
    );
    if (allowed === false) throw failFast(engine, attempt, limit.kind, "declined", Date.now() + wait, error, resource);
  }
  const reason = limit ? `for a ${limit.kind} rate limit` : `to retry (retry ${attempt.retryCount + 1})`;
  const failed = isHttpError(error) ? { status: error.status } : { error: (error as Error)?.name ?? "Error" };
  recordWait(attempt.options, {
    kind: dictated ? kind : "backoff",
    at: Date.now(),
    ms: planned,
    sent: true,
    ...failed,
  });
  attempt.waited += planned;
  await sleep(planned, attempt.options, reason);
}
