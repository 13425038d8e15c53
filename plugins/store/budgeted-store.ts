import { redact, type KeyValueStore, type Log } from "../../kernel/index.js";
import { isThenable, type MaybePromise, type StoredValue } from "./maybe-promise.js";

/** Milliseconds a store call may take on the request path before the request goes on without it. */
export const DEFAULT_STORE_TIMEOUT = 150;
/** While a store is down, one call at most per this many ms tries it again (the others skip it). */
const PROBE_INTERVAL = 1000;

/** How {@link budgetedStore} reports, and how long it waits. */
export interface BudgetOptions {
  /** The plugin, at the start of every log line: `cache`, `throttle`. */
  name: string;
  /** Milliseconds a call may take; past it the call counts as failed and its late answer is ignored. */
  timeout: number;
  /** The client's options: the outage state is shared per client and store, so the cache and throttle of one client warn once. */
  owner: { log: Log };
}

/** One store as one client sees it: up, or down since `failedAt` (a probe may be trying it). */
interface Health {
  down: boolean;
  failedAt: number;
  probing: boolean;
}

const health = new WeakMap<object, WeakMap<KeyValueStore, Health>>();

function healthOf(owner: object, store: KeyValueStore): Health {
  let stores = health.get(owner);
  if (!stores) health.set(owner, (stores = new WeakMap()));
  let found = stores.get(store);
  if (!found) stores.set(store, (found = { down: false, failedAt: 0, probing: false }));
  return found;
}

/**
 * `store` as the plugins use it on the request path: a call never throws or rejects, and
 * never takes longer than `timeout` ms. A failure or a missed budget reads as "nothing
 * stored" (a write as done), logs one warning per outage, and marks the store down: while
 * it is down, calls skip it at once, except one probe per second; the first call that
 * answers within the budget brings it back (an `info` note). A late answer is dropped,
 * never given to a later request. A synchronous store stays synchronous: no timer, no
 * promise.
 */
export function budgetedStore(store: KeyValueStore, { name, timeout, owner }: BudgetOptions): KeyValueStore {
  const state = healthOf(owner, store);
  const log = () => owner.log;

  function failed(reason: string): void {
    state.failedAt = Date.now();
    const message = `${name}: the store failed (${redact(reason)}); requests go on without it until it answers again.`;
    if (state.down) return log().debug(message, { namespace: name });
    state.down = true;
    log().warn(message);
  }

  function answered(): void {
    if (!state.down) return;
    state.down = false;
    log().info(`${name}: the store answers again; using it again.`);
  }

  function call<T>(run: () => MaybePromise<T>, fallback: T): T | Promise<T> {
    if (state.down && (state.probing || Date.now() - state.failedAt < PROBE_INTERVAL)) return fallback;
    let value: MaybePromise<T>;
    try {
      value = run();
    } catch (error) {
      failed(String((error as Error)?.message ?? error));
      return fallback;
    }
    if (!isThenable(value)) return (answered(), value);
    const probe = state.down;
    if (probe) state.probing = true;
    return new Promise<T>((resolve) => {
      let settled = false;
      const settle = (result: T, ok: boolean, reason = "") => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (probe) state.probing = false;
        if (ok) answered();
        else failed(reason);
        resolve(result);
      };
      const timer = setTimeout(() => settle(fallback, false, `no answer within ${timeout} ms`), timeout);
      (timer as { unref?: () => void }).unref?.();
      value.then(
        (result) => settle(result, true),
        (error: unknown) => settle(fallback, false, String((error as Error)?.message ?? error)),
      );
    });
  }

  return {
    get: (key) => call<StoredValue>(() => store.get(key), undefined),
    set: (key, value, ttl) => call(() => store.set(key, value, ttl), undefined) as void | Promise<void>,
    delete: (key) => call(() => store.delete(key), undefined) as void | Promise<void>,
  };
}
