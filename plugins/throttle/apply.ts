import type { Client } from "../../kernel/index.js";
import type { Engine } from "../policy/index.js";
import { budgetedStore, DEFAULT_STORE_TIMEOUT } from "../store/budgeted-store.js";
import { memoryStore } from "../store/memory-store.js";
import type { ThrottleConfig } from "./options.js";
import { createThrottler } from "./throttler.js";

/**
 * Give `engine` the throttle for a checked `throttle` option. The default store is a
 * per-client {@link memoryStore}; every store call runs under the time budget of
 * {@link budgetedStore}, so a store that fails or hangs reads as "no pause".
 */
export function applyThrottle(client: Client, engine: Engine, config: ThrottleConfig): void {
  const {
    store = memoryStore(),
    storeTimeout = DEFAULT_STORE_TIMEOUT,
    concurrency,
    mutationGap,
    budgets,
    onRateLimit,
    onSecondaryRateLimit,
  } = config;
  engine.throttler = createThrottler(engine, {
    store: budgetedStore(store, { name: "throttle", timeout: storeTimeout, owner: client.options }),
    // The client's own memory store holds only pauses this throttler wrote.
    own: config.store === undefined,
    concurrency,
    mutationGap,
    budgets,
    ...(onRateLimit && { onRateLimit }),
    ...(onSecondaryRateLimit && { onSecondaryRateLimit }),
  });
}
