/**
 * Not a plugin: what the `cache` and `throttle` plugins (and `redisStore`) share about
 * stores. The public part is {@link memoryStore}, the one in-memory {@link KeyValueStore}
 * both plugins use by default; the plugins import the rest — the time budget every store
 * call runs under (`budgeted-store.ts`) and the sync-or-async helpers (`maybe-promise.ts`)
 * — from their modules directly. See docs/caching-and-shared-state.md for the failure model.
 *
 * @example
 * import { memoryStore } from "forgekit/plugins/store";
 * const store = memoryStore({ maxEntries: 2000 });
 * const client = new MyClient({ cache: { store }, throttle: { store } });
 */
export type { KeyValueStore } from "../../kernel/index.js";
export { memoryStore, type MemoryStoreOptions } from "./memory-store.js";
export { DEFAULT_STORE_TIMEOUT } from "./budgeted-store.js";
