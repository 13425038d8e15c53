import type { Client, EndpointOptions, KeyValueStore, Send } from "../../kernel/index.js";
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
 * The cache's one `wrap` for a checked `cache` option: the cache's wrap around its 304
 * handler around the rest of the chain (as an `error` hook inside a `wrap` would run), so
 * the wrap sees a 304 already answered, and can store what the inner hooks return.
 */
export function cacheWrap(client: Client, option: true | CacheOptions) {
  const { onError, wrap } = createCache(client, settingsOf(option));
  const answer304 = (send: Send) => (options: EndpointOptions) =>
    Promise.resolve()
      .then(() => send(options))
      .catch((error: unknown) => onError(error, options));
  return (send: Send, options: EndpointOptions) => wrap(answer304(send), options);
}
