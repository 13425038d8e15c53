import type { Client } from "../../kernel/index.js";
import type { Engine } from "../policy/index.js";
import { createThrottler } from "./gate.js";
import { memoryStore } from "./memory-store.js";
import { safeStore } from "./safe-store.js";
import type { ThrottleConfig } from "./settings.js";

/** Give `engine` the throttle for a checked `throttle` option (the default store is a per-client {@link memoryStore}). */
export function applyThrottle(client: Client, engine: Engine, config: ThrottleConfig): void {
  const { store = memoryStore(), concurrency, mutationGap, onRateLimit, onSecondaryRateLimit } = config;
  const settings = { store: safeStore(store, () => client.options.log), concurrency, mutationGap };
  engine.throttler = createThrottler(engine, {
    ...settings,
    ...(onRateLimit && { onRateLimit }),
    ...(onSecondaryRateLimit && { onSecondaryRateLimit }),
  });
}
