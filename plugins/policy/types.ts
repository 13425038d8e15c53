import type { EndpointOptions, RateLimit, RequestWait, ResponseHeaders } from "../../kernel/index.js";

declare module "../../kernel/types.js" {
  interface TransportOptions {
    /** Set by the retry/throttle engine before each attempt: re-sends of this request so far. */
    retryCount?: number;
    /** Set by the retry/throttle engine: each wait of this request, appended as it starts. */
    waits?: readonly RequestWait[];
    /** The retry plugin: most re-sends of this request (per call; the client's `retry.retries` otherwise). */
    retries?: number;
    /** A POST GitHub does not act on (the graphql plugin sets it for queries): the retry plugin may send it again. */
    idempotent?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging needs the kernel's own type parameter
  interface Response<T> {
    /** Set by the retry/throttle engine (the retry and throttle plugins). */
    rateLimit?: RateLimit;
  }
}
declare module "../../kernel/errors.js" {
  interface HttpError {
    /** Set by the retry/throttle engine (the retry and throttle plugins). */
    rateLimit?: RateLimit;
  }
}

/** Types shared by the request-policy engine and its two plugins, `retry` and `throttle`. */

/** The rate-limit state a response carried: defined by the kernel (`response.rateLimit`). Read it with {@link rateLimitOf}. */
export type { RateLimit } from "../../kernel/index.js";

/** A response or error with the rate-limit state the policy engine attached to it. */
export type WithRateLimit<T> = T & { rateLimit?: RateLimit };

/** Why GitHub asked to wait: an exhausted primary limit, a secondary limit, or a bare `Retry-After`. */
export type LimitKind = "primary" | "secondary" | "retry-after";

/** What the engine read from one attempt's response or `HttpError`. Times are local epoch ms. */
export interface Outcome {
  status?: number;
  headers?: ResponseHeaders;
  rateLimit?: RateLimit;
  /** This response was refused by a rate limit; requests may be sent again at `until`. */
  limit?: { kind: "primary" | "secondary"; until: number };
  /** The budget of `rateLimit.resource` is used up until this time (any status). */
  exhausted?: number;
  /** When a valid `Retry-After` allows the next attempt. */
  retryAfter?: number;
}

/** One request as it goes through the engine: one object for all of its attempts. */
export interface Attempt {
  options: EndpointOptions;
  method: string;
  /** POST, PATCH, PUT or DELETE: paced by the throttle. */
  mutating: boolean;
  /** The rate-limit resource this request is expected to count against (set by the throttle). */
  resource?: string;
  /** Re-sends so far: the one retry counter that both plugins share. */
  retryCount: number;
  /** Secondary-limit responses this request received (their fallback wait doubles). */
  secondaryHits: number;
  /** Milliseconds this request has waited so far (backoff and pauses), against `maxTotalWait`. */
  waited: number;
  /** Hash of the credential the request was checked against before sending. */
  credential?: string;
}

/** What `onRateLimit` / `onSecondaryRateLimit` receive before a request waits for a rate limit. */
export interface RateLimitInfo {
  kind: "primary" | "secondary";
  /** The resource whose budget is exhausted (`core`, `search`…); for secondary limits, the request's. */
  resource: string;
  /** Local epoch ms at which the request may be sent. */
  retryAt: number;
  /** Milliseconds the request would wait. */
  waitMs: number;
  /** Re-sends of this request so far. */
  retryCount: number;
  /** `true` when this request's own response hit the limit; `false` when the limit was already known and nothing was sent. */
  sent: boolean;
  /** Method and URL (credentials redacted). */
  request: { method: string; url: string };
  rateLimit?: RateLimit;
}

/** The throttle's part of the engine: when a request may be sent. */
export interface Throttler {
  /** Wait for a free slot and for every known pause; settles before the request is sent. */
  enter(attempt: Attempt): void | Promise<void>;
  /** Free the slot and record the pauses the outcome announced. */
  leave(attempt: Attempt, outcome: Outcome): void | Promise<unknown>;
  /** Ask the caller's callback whether to wait for a rate limit. */
  allow(attempt: Attempt, info: RateLimitInfo): boolean | Promise<boolean>;
}

/** The retry plugin's part of the engine: whether and when a failed attempt is sent again. */
export interface Retrier {
  /** Milliseconds to wait before re-sending, or `undefined` to give up with the error. */
  decide(attempt: Attempt, error: unknown, outcome: Outcome): number | undefined;
}

/** Per-client engine state, created by the first of the two plugins applied. */
export interface Engine {
  retrier?: Retrier;
  throttler?: Throttler;
  /** Longest wait GitHub may ask for before the engine fails fast instead (ms). */
  maxWait: number;
  /** Which option set `maxWait`, to refuse two different values. */
  maxWaitFrom?: string;
  /** Longest total of one request's waits (retries and pauses together), ms; unset: twice `maxWait`. */
  maxTotalWait?: number;
  /** Which option set `maxTotalWait`. */
  maxTotalWaitFrom?: string;
  /** Local clock minus GitHub's clock, from the last `date` header (ms). */
  skew: number;
  /** The last `date` header read, so it is parsed once per second at most. */
  lastDate?: string;
}
