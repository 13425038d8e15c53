import type { Client, KeyValueStore } from "../../kernel/index.js";
import { DEFAULT_STORE_TIMEOUT } from "../store/budgeted-store.js";
import { memoryStore } from "../store/memory-store.js";
import { createCache } from "./flow.js";
import type { CacheOptions } from "./options.js";

/** What the cache runs with once the option is checked. */
export interface CacheSettings {
  store: KeyValueStore;
  ttl: number | undefined;
  storeTimeout: number;
}

/**
 * The settings of a `cache` option `checkCacheOption` accepted: the caller's store, or a
 * memory store of `maxEntries` URLs (500 by default) private to the client.
 */
export function settingsOf(option: true | CacheOptions): CacheSettings {
  const { store, maxEntries, ttl, storeTimeout = DEFAULT_STORE_TIMEOUT } = option === true ? {} : option;
  return { store: store ?? memoryStore(maxEntries === undefined ? {} : { maxEntries }), ttl, storeTimeout };
}

/**
 * Register the cache's hooks on `client` for an option `checkCacheOption` accepted (the
 * presets load this module on the first request; the option was checked at construction).
 */
export function applyCache(client: Client, option: true | CacheOptions): void {
  const { onError, wrap } = createCache(client, settingsOf(option));
  // The error hook first, the wrap second: the later hook is the outer one, so the wrap
  // sees a 304 already answered, and can store what the inner hooks return.
  client.hook.error("request", onError);
  client.hook.wrap("request", wrap);
}
