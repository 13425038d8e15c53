import {
  ERROR_BRAND,
  ForgeError,
  isHttpError,
  type HttpError,
  type RequestOptions,
  type Response,
  type ResponseHeaders,
} from "../../kernel/index.js";
import type { LimitKind, RateLimit } from "./types.js";

/** What a {@link RateLimitError} records besides its message. */
export interface RateLimitDetails {
  kind: LimitKind;
  /**
   * `"max-wait"`: the wait was longer than `maxWait`; `"max-total-wait"`: it would take this
   * request's waits past `maxTotalWait`; `"declined"`: `onRateLimit`/`onSecondaryRateLimit` returned `false`.
   */
  reason: "max-wait" | "max-total-wait" | "declined";
  /** Local epoch ms from which GitHub accepts the request again. */
  retryAt: number;
  waitMs: number;
  /** The resource whose budget is exhausted, for primary limits. */
  resource?: string;
  maxWait: number;
  /** The request's total wait budget and what it had waited already (ms), for `"max-total-wait"`. */
  maxTotalWait?: number;
  waited?: number;
}

/** `3 s`; both in ms when whole seconds would read the same (`1600 ms`, longer than `1500 ms`). */
function durations(a: number, b: number): [string, string] {
  const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;
  return seconds(a) === seconds(b) ? [`${Math.ceil(a)} ms`, `${Math.ceil(b)} ms`] : [seconds(a), seconds(b)];
}

/** An ISO time, or words when `at` is no date a `Date` can hold (a server's garbage must not throw here). */
function isoTime(at: number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? "an unknown time" : date.toISOString();
}

const WHAT: Record<LimitKind, (resource?: string) => string> = {
  primary: (resource = "core") => `the "${resource}" rate limit is exhausted`,
  secondary: () => "a secondary rate limit pauses every request",
  "retry-after": () => "Retry-After asks to wait",
};

/**
 * GitHub asked to wait (an exhausted rate limit, a secondary limit, or `Retry-After`) and
 * the engine did not: the wait was longer than `maxWait`, or your callback declined.
 * `sent` tells whether the request reached GitHub; when it did, `status`, `headers`,
 * `response` and the `HttpError` (`cause`) are those of GitHub's answer.
 *
 * @example
 * try { await client.request("GET /search/issues", { q }) }
 * catch (error) { if (isRateLimitError(error)) console.log(`retry at ${new Date(error.retryAt)}`) }
 */
export class RateLimitError extends ForgeError {
  // A literal, like the kernel's errors: minifiers rename classes.
  static override readonly [ERROR_BRAND]: string = "RateLimitError";
  override name = "RateLimitError";
  declare kind: LimitKind;
  declare reason: RateLimitDetails["reason"];
  declare retryAt: number;
  declare waitMs: number;
  declare sent: boolean;
  declare resource?: string;
  declare rateLimit?: RateLimit;
  declare status?: number;
  declare headers?: ResponseHeaders;
  declare response?: Response<unknown>;
  /** GitHub's `x-github-request-id` for the answer, as on `HttpError` (quote it to GitHub Support). */
  declare requestId?: string;
  constructor(request: RequestOptions, details: RateLimitDetails, cause?: HttpError) {
    const { kind, reason, retryAt, waitMs, resource, maxWait, maxTotalWait = 0, waited = 0 } = details;
    const callback = kind === "secondary" ? "onSecondaryRateLimit" : "onRateLimit";
    const [wait, max] = durations(waitMs, reason === "max-total-wait" ? maxTotalWait - waited : maxWait);
    const until = `until ${isoTime(retryAt)} (${wait})`;
    const tail =
      reason === "declined"
        ? `; ${callback} declined to wait.`
        : reason === "max-total-wait"
          ? `, longer than what is left (${max}) of maxTotalWait (${durations(maxTotalWait, 0)[0]}) after waiting ${durations(waited, 0)[0]}: retry after then, or raise retry.maxTotalWait (or throttle.maxTotalWait).`
          : `, longer than maxWait (${max}): retry after then, or raise retry.maxWait (or throttle.maxWait).`;
    const id = cause?.requestId;
    super(
      `${request.method} ${request.url} → ${cause ? cause.status : "not sent"}: ${WHAT[kind](resource)} ${until}${tail}${id ? ` [request id ${id}]` : ""}`,
      request,
      cause,
    );
    Object.assign(this, { kind, reason, retryAt, waitMs, sent: cause !== undefined });
    if (resource !== undefined) this.resource = resource;
    if (cause) {
      Object.assign(this, { status: cause.status, headers: cause.headers, response: cause.response });
      if (id) this.requestId = id;
      const rateLimit = (cause as { rateLimit?: RateLimit }).rateLimit;
      if (rateLimit) this.rateLimit = rateLimit;
    }
  }
}

/** Whether `e` is a {@link RateLimitError}, from this copy of forgekit or another (its brand, as the kernel's guards). */
export const isRateLimitError = (e: unknown): e is RateLimitError => e instanceof RateLimitError;

/** `error` when it is an `HttpError`, for {@link RateLimitError}'s `cause`. */
export const httpCause = (error: unknown): HttpError | undefined => (isHttpError(error) ? error : undefined);
