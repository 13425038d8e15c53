import type { KeyValueStore } from "../../kernel/index.js";
import { failFast, rateLimitInfo, withinBudget } from "../policy/hold.js";
import type { Attempt, Engine, Outcome, RateLimitInfo, Throttler } from "../policy/types.js";
import { recordWait, sleep } from "../policy/wait.js";
import { then } from "../store/maybe-promise.js";
import { credentials } from "./credential.js";
import { readPause, writePauses, type Pause } from "./pauses.js";
import type { Budget } from "./options.js";
import { createPacer } from "./pacer.js";
import { createQueue } from "./queue.js";
import { resourceOf } from "./resource.js";

/** The resolved `throttle` options. */
export interface ThrottleSettings {
  store: KeyValueStore;
  /** `store` is the client's own (nothing else writes to it): pauses can be known without reading it. */
  own?: boolean;
  concurrency: number;
  mutationGap: number;
  /** Write budgets: a write that would exceed one waits (plugins/throttle/pacer.ts). */
  budgets: readonly Budget[];
  onRateLimit?: (info: RateLimitInfo, attempt: Attempt) => unknown;
  onSecondaryRateLimit?: (info: RateLimitInfo, attempt: Attempt) => unknown;
}

type Maybe = void | Promise<unknown>;

/**
 * The throttle's part of the engine. Before each attempt: a slot from the queue, then the
 * store (every pause for this resource and credential, read right before sending); a
 * pause gives the slot back, asks the callback, waits, and starts over. After each
 * attempt: the slot is freed and the pauses GitHub announced are written to the store.
 */
export function createThrottler(engine: Engine, settings: ThrottleSettings): Throttler {
  const { store } = settings;
  const queue = createQueue(settings.concurrency, settings.mutationGap);
  const pacer = createPacer(store, settings.budgets);
  const credential = credentials();
  const learned = new Map<string, string>(); // route template (or URL) → the resource GitHub named
  const written = new Map<string, number>();
  // With the client's own store every pause in it is one `leave` wrote: until the latest has
  // passed, a read needs neither the store nor the credential's hash (the usual request).
  let pausedUntil = 0;
  const own = settings.own === true;

  function enter(attempt: Attempt): void | Promise<void> {
    if (own && !attempt.mutating && Date.now() >= pausedUntil && queue.tryRead()) return;
    const checked = credential.before(attempt, attempt.options.headers.authorization);
    return then(checked, (value) => admit(attempt, value)) as void | Promise<void>;
  }

  function admit(attempt: Attempt, credential: string): void | Promise<void> {
    attempt.credential = credential;
    attempt.resource ??= learned.get(attempt.options.url) ?? resourceOf(attempt.options);
    const slot = queue.acquire(attempt.mutating, attempt.options);
    return slot ? slot.then(() => check(attempt)) : check(attempt);
  }

  function check(attempt: Attempt): void | Promise<void> {
    const pause = readPause(store, attempt.resource!, attempt.credential!, engine.skew);
    return then(pause, (found) => (found ? hold(attempt, found) : pace(attempt))) as void | Promise<void>;
  }

  /** A write waits when it would exceed a write budget; it is counted when it goes. */
  function pace(attempt: Attempt): void | Promise<void> {
    if (!attempt.mutating) return;
    const wait = pacer.take(attempt.credential!);
    const go = (ms: number) =>
      ms > 0 ? hold(attempt, { kind: "secondary", until: Date.now() + ms }, true) : undefined;
    return then(wait, go) as void | Promise<void>;
  }

  /** Wait out `pause` (GitHub's, from the store; or the write budget's when `paced`), then start over. */
  async function hold(attempt: Attempt, pause: Pause, paced = false): Promise<void> {
    queue.release(attempt.mutating, false);
    const resource = pause.kind === "primary" ? attempt.resource : undefined;
    if (pause.until - Date.now() > engine.maxWait)
      throw failFast(engine, attempt, pause.kind, "max-wait", pause.until, undefined, resource);
    if (!withinBudget(engine, attempt, pause.until - Date.now()))
      throw failFast(engine, attempt, pause.kind, "max-total-wait", pause.until, undefined, resource);
    // Pacing is not a limit GitHub announced: the callbacks are for those.
    if (!paced && !(await allow(attempt, rateLimitInfo(attempt, pause.kind, pause.until, false)))) {
      throw failFast(engine, attempt, pause.kind, "declined", pause.until, undefined, resource);
    }
    const wait = Math.max(0, pause.until - Date.now());
    attempt.waited += wait;
    recordWait(attempt.options, { kind: pause.kind, at: Date.now(), ms: wait, sent: false });
    await sleep(wait, attempt.options, paced ? "within GitHub's write budget" : `for a ${pause.kind} rate limit`);
    return enter(attempt);
  }

  async function allow(attempt: Attempt, info: RateLimitInfo): Promise<boolean> {
    const callback = info.kind === "primary" ? settings.onRateLimit : settings.onSecondaryRateLimit;
    return !callback || (await callback(info, attempt)) !== false;
  }

  function leave(attempt: Attempt, outcome: Outcome): Maybe {
    const named = outcome.rateLimit?.resource;
    if (named) attempt.resource = named; // this request's next attempt checks the right budget
    if (named && learned.get(attempt.options.url) !== named) {
      if (learned.size >= 500) learned.clear();
      learned.set(attempt.options.url, named);
    }
    try {
      // Nothing to write and nothing written that could need clearing: the usual response.
      if (own && outcome.limit === undefined && outcome.exhausted === undefined && Date.now() >= pausedUntil) return;
      pausedUntil = Math.max(pausedUntil, outcome.limit?.until ?? 0, outcome.exhausted ?? 0);
      attempt.resource ??= learned.get(attempt.options.url) ?? resourceOf(attempt.options);
      const header = attempt.options.headers.authorization;
      const write = (value: string) =>
        writePauses(
          store,
          engine.skew,
          written,
          (attempt.credential = value),
          attempt.resource!,
          outcome,
          engine.maxWait,
        );
      // An attempt that took the quiet path in `enter` has no credential yet.
      const known = attempt.credential ?? credential.before(attempt, header);
      return then(
        then(known, (checked) => credential.after(attempt, header, checked)),
        write,
      ) as Maybe;
    } finally {
      // After the pauses are written (or their writes issued): the next request in line reads them.
      queue.release(attempt.mutating, true);
    }
  }

  return { enter, leave, allow };
}
