// Helpers for the request-policy tests (retry, throttle, timeouts): a fake clock that
// leaves real I/O alone, polling for what the loopback server saw, and GitHub's
// rate-limit replies.
import sinon from "sinon";
import { Agent } from "node:http";
import type { Reply } from "./server.js";

export type Clock = sinon.SinonFakeTimers;

/** 2024-01-01T00:00:00Z: the server's clock in these tests. */
export const SERVER_NOW = Date.UTC(2024, 0, 1);

/**
 * Fake setTimeout/clearTimeout/Date only: sockets, setImmediate and performance stay real.
 * Tests on the fake clock send through the agent transport ({@link keepAlive}): Node's
 * fetch (undici) arms its own housekeeping timers with the global setTimeout, which would
 * blur "which timers are pending"; node:http keeps its timers internal.
 */
export function fakeClock(now = SERVER_NOW): Clock {
  return sinon.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now, shouldClearNativeTimers: true });
}

/** The http.Agent the fake-clock tests send through (with the `agent` plugin). */
export const keepAlive = new Agent({ keepAlive: true });

/** Poll (real event-loop turns, not time) until `condition` holds; fails after 5 s of real time. */
export async function until(condition: () => boolean, what = "the condition"): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > 5000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Delays (ms from now) of every timer pending on the fake clock, soonest first. */
export function pendingTimers(clock: Clock): number[] {
  const timers = (clock as unknown as { timers?: Map<number, { callAt: number }> }).timers ?? new Map();
  return [...timers.values()].map((t) => t.callAt - clock.now).sort((a, b) => a - b);
}

/** Settle a promise into `{ value }` or `{ error }` so a test can tick the clock meanwhile. */
export function settle<T>(promise: Promise<T>): { done: () => boolean; result: Promise<{ value?: T; error?: any }> } {
  let finished = false;
  const result = promise.then(
    (value) => ((finished = true), { value }),
    (error: unknown) => ((finished = true), { error }),
  );
  return { done: () => finished, result };
}

const httpDate = (ms: number) => new Date(ms).toUTCString();

/** A primary rate-limit 403: `remaining: 0`, reset `resetIn` s after the server's `date`. */
export function primaryLimit(resetIn: number, { date = SERVER_NOW, resource = "core", status = 403 } = {}): Reply {
  return {
    status,
    headers: {
      date: httpDate(date),
      "x-ratelimit-limit": 5000,
      "x-ratelimit-remaining": 0,
      "x-ratelimit-used": 5000,
      "x-ratelimit-reset": Math.floor(date / 1000) + resetIn,
      "x-ratelimit-resource": resource,
    },
    body: {
      message: "API rate limit exceeded for user ID 1.",
      documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-primary-rate-limits",
    },
  };
}

/** A secondary rate-limit 403 (GitHub's wording), with `retry-after` when given. */
export function secondaryLimit(retryAfter?: number | string, { date = SERVER_NOW, status = 403 } = {}): Reply {
  return {
    status,
    headers: {
      date: httpDate(date),
      "x-ratelimit-remaining": 4000,
      ...(retryAfter !== undefined && { "retry-after": retryAfter }),
    },
    body: {
      message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
      documentation_url:
        "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
    },
  };
}

/** A 200 with the rate-limit headers GitHub sends on every response. */
export function ok(
  body: unknown = { ok: true },
  { remaining = 4999, resource = "core", date = SERVER_NOW, resetIn = 3600 } = {},
): Reply {
  return {
    headers: {
      date: httpDate(date),
      "x-ratelimit-limit": 5000,
      "x-ratelimit-remaining": remaining,
      "x-ratelimit-used": 5000 - remaining,
      "x-ratelimit-reset": Math.floor(date / 1000) + resetIn,
      "x-ratelimit-resource": resource,
    },
    body,
  };
}

export { httpDate };
