import type { KeyValueStore } from "../../kernel/index.js";
import { failFast, rateLimitInfo } from "../policy/hold.js";
import type { Attempt, Engine, Outcome, RateLimitInfo, Throttler } from "../policy/types.js";
import { recordWait, sleep } from "../policy/wait.js";
import { then } from "../store/maybe-promise.js";
import { credentials } from "./credential.js";
import { readPause, writePauses, type Pause } from "./pauses.js";
import { createQueue } from "./queue.js";
import { resourceOf } from "./resource.js";

/** The resolved `throttle` options. */
export interface ThrottleSettings {
  store: KeyValueStore;
  concurrency: number;
  mutationGap: number;
  onRateLimit?: (info: RateLimitInfo, attempt: Attempt) => unknown;
  onSecondaryRateLimit?: (info: RateLimitInfo, attempt: Attempt) => unknown;
}

type Maybe = void | Promise<unknown>;
// Per route, not per URL: pages of one list (absolute `link` URLs) differ only in their query.
const route = (attempt: Attempt) => `${attempt.method} ${attempt.options.url.replace(/[?#].*$/, "")}`;

/**
 * The throttle's part of the engine. Before each attempt: a slot from the queue, then the
 * store (every pause for this resource and credential, read right before sending); a
 * pause gives the slot back, asks the callback, waits, and starts over. After each
 * attempt: the slot is freed and the pauses GitHub announced are written to the store.
 */
export function createThrottler(engine: Engine, settings: ThrottleSettings): Throttler {
  const { store } = settings;
  const queue = createQueue(settings.concurrency, settings.mutationGap);
  const credential = credentials();
  const learned = new Map<string, string>(); // "METHOD route" → the resource GitHub named
  const written = new Map<string, number>();

  function enter(attempt: Attempt): void | Promise<void> {
    const checked = credential.before(attempt, attempt.options.headers.authorization);
    return then(checked, (value) => admit(attempt, value)) as void | Promise<void>;
  }

  function admit(attempt: Attempt, credential: string): void | Promise<void> {
    attempt.credential = credential;
    attempt.resource ??= learned.get(route(attempt)) ?? resourceOf(attempt.options);
    const slot = queue.acquire(attempt.mutating, attempt.options);
    return slot ? slot.then(() => check(attempt)) : check(attempt);
  }

  function check(attempt: Attempt): void | Promise<void> {
    const pause = readPause(store, attempt.resource!, attempt.credential!, engine.skew);
    return then(pause, (found) => (found ? hold(attempt, found) : undefined)) as void | Promise<void>;
  }

  async function hold(attempt: Attempt, pause: Pause): Promise<void> {
    queue.release(attempt.mutating, false);
    const resource = pause.kind === "primary" ? attempt.resource : undefined;
    if (pause.until - Date.now() > engine.maxWait)
      throw failFast(engine, attempt, pause.kind, "max-wait", pause.until, undefined, resource);
    if (!(await allow(attempt, rateLimitInfo(attempt, pause.kind, pause.until, false)))) {
      throw failFast(engine, attempt, pause.kind, "declined", pause.until, undefined, resource);
    }
    const ms = pause.until - Date.now();
    recordWait(attempt.options, { kind: pause.kind, at: Date.now(), ms, sent: false });
    await sleep(ms, attempt.options, `for a ${pause.kind} rate limit`);
    return enter(attempt);
  }

  async function allow(attempt: Attempt, info: RateLimitInfo): Promise<boolean> {
    const callback = info.kind === "primary" ? settings.onRateLimit : settings.onSecondaryRateLimit;
    return !callback || (await callback(info, attempt)) !== false;
  }

  function leave(attempt: Attempt, outcome: Outcome): Maybe {
    const named = outcome.rateLimit?.resource;
    if (named) attempt.resource = named; // this request's next attempt checks the right budget
    if (named && learned.get(route(attempt)) !== named) {
      if (learned.size >= 500) learned.clear();
      learned.set(route(attempt), named);
    }
    const write = (value: string) =>
      writePauses(store, engine.skew, written, (attempt.credential = value), attempt.resource!, outcome);
    try {
      const value = credential.after(attempt, attempt.options.headers.authorization, attempt.credential!);
      return then(value, write) as Maybe;
    } finally {
      // After the pauses are written (or their writes issued): the next request in line reads them.
      queue.release(attempt.mutating, true);
    }
  }

  return { enter, leave, allow };
}
