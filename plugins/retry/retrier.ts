import { isHttpError, isNetworkError } from "../../kernel/index.js";
import type { Attempt, Outcome, Retrier } from "../policy/index.js";

/** The resolved `retry` options. */
export interface RetrySettings {
  retries: number;
  delay: number;
  maxDelay: number;
  timeouts: boolean;
  nonIdempotent: boolean;
  /** Statuses never retried (`@octokit/plugin-retry`'s `doNotRetry`); rate limits still wait. */
  doNotRetry?: readonly number[] | undefined;
}

/** Methods a client may repeat without changing the result (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"]);
/** Failures to connect at all: the request cannot have reached the server, whatever its method. */
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * TLS verification failures (an untrusted, expired or mismatched certificate): every attempt
 * would fail the same way, and retrying only delays the error.
 */
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_/;

/** The system error code somewhere in a NetworkError's cause chain (undici nests it one level deeper). */
function codeOf(error: unknown): string | undefined {
  for (
    let e = (error as { cause?: unknown }).cause, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Which failures are sent again, and after how long. Retried: network errors (not an
 * abort; a timeout only with `timeouts`), 408, 429 and 5xx except 501/505; every other
 * status is final. POST and PATCH are not idempotent: they are sent again only when GitHub
 * certainly did not act (a rate limit, 408, 429, or no connection at all), unless
 * `nonIdempotent` is set. Waits: a rate limit's reset, else `Retry-After`, else
 * exponential backoff with jitter (delay · 2^n, capped at maxDelay, between half and all of it).
 */
export function createRetrier(settings: RetrySettings): Retrier {
  const backoff = (n: number) => {
    const full = Math.min(settings.maxDelay, settings.delay * 2 ** n);
    return full / 2 + (Math.random() * full) / 2;
  };
  return {
    decide(attempt: Attempt, error: unknown, outcome: Outcome): number | undefined {
      const perCall = attempt.options.request.retries;
      if (attempt.retryCount >= (typeof perCall === "number" ? perCall : settings.retries)) return undefined;
      // `request.idempotent`: a POST that does not act (a GraphQL query, set by the graphql plugin).
      const safe =
        settings.nonIdempotent || IDEMPOTENT.has(attempt.method) || attempt.options.request.idempotent === true;
      const now = Date.now();
      if (isHttpError(error)) {
        if (outcome.limit) return outcome.limit.until - now;
        const status = error.status;
        if (settings.doNotRetry?.includes(status)) return undefined;
        const neverActed = status === 408 || status === 429;
        if (!neverActed && !(status >= 500 && status !== 501 && status !== 505)) return undefined;
        if (!neverActed && !safe) return undefined;
        return outcome.retryAfter !== undefined ? outcome.retryAfter - now : backoff(attempt.retryCount);
      }
      if (!isNetworkError(error) || error.name === "AbortError" || error.name === "ResponseTooLargeError")
        return undefined;
      const code = codeOf(error) ?? "";
      if (CERTIFICATE.test(code)) return undefined;
      const allowed = error.name === "TimeoutError" ? settings.timeouts && safe : safe || NOT_SENT.has(code);
      return allowed ? backoff(attempt.retryCount) : undefined;
    },
  };
}
