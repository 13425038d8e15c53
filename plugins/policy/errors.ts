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
  /** `"max-wait"`: the wait was longer than `maxWait`; `"declined"`: `onRateLimit`/`onSecondaryRateLimit` returned `false`. */
  reason: "max-wait" | "declined";
  /** Local epoch ms from which GitHub accepts the request again. */
  retryAt: number;
  waitMs: number;
  /** The resource whose budget is exhausted, for primary limits. */
  resource?: string;
  maxWait: number;
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
  declare reason: "max-wait" | "declined";
  declare retryAt: number;
  declare waitMs: number;
  declare sent: boolean;
  declare resource?: string;
  declare rateLimit?: RateLimit;
  declare status?: number;
  declare headers?: ResponseHeaders;
  declare response?: Response<unknown>;
  constructor(request: RequestOptions, details: RateLimitDetails, cause?: HttpError) {
    const { kind, reason, retryAt, waitMs, resource, maxWait } = details;
    const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;
    const until = `until ${new Date(retryAt).toISOString()} (${seconds(waitMs)})`;
    const callback = kind === "secondary" ? "onSecondaryRateLimit" : "onRateLimit";
    const tail =
      reason === "declined"
        ? `; ${callback} declined to wait.`
        : `, longer than maxWait (${seconds(maxWait)}): retry after then, or raise retry.maxWait (or throttle.maxWait).`;
    super(
      `${request.method} ${request.url} → ${cause ? cause.status : "not sent"}: ${WHAT[kind](resource)} ${until}${tail}`,
      request,
      cause,
    );
    Object.assign(this, { kind, reason, retryAt, waitMs, sent: cause !== undefined });
    if (resource !== undefined) this.resource = resource;
    if (cause) {
      Object.assign(this, { status: cause.status, headers: cause.headers, response: cause.response });
      const rateLimit = (cause as { rateLimit?: RateLimit }).rateLimit;
      if (rateLimit) this.rateLimit = rateLimit;
    }
  }
}

/** Whether `e` is a {@link RateLimitError}, from this copy of forgekit or another (its brand, as the kernel's guards). */
export const isRateLimitError = (e: unknown): e is RateLimitError => e instanceof RateLimitError;

/** `error` when it is an `HttpError`, for {@link RateLimitError}'s `cause`. */
export const httpCause = (error: unknown): HttpError | undefined => (isHttpError(error) ? error : undefined);
