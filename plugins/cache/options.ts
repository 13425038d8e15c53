import type { KeyValueStore } from "../../kernel/index.js";
import { memoryStore } from "./memory-store.js";

/** The object form of the `cache` option. */
export interface CacheOptions {
  /**
   * Where entries live: any {@link KeyValueStore} (sync or async), e.g. `redisStore(redis)`
   * from `forgekit/plugins/redis` to share one cache between processes. Default: a
   * {@link memoryStore} of `maxEntries` URLs, private to the client.
   */
  store?: KeyValueStore;
  /** Capacity of the default memory store, in URLs. Default 500. Not allowed with `store`. */
  maxEntries?: number;
  /** Milliseconds an entry lives in the store, renewed by each 304. Default: no expiry. */
  ttl?: number;
}

/** What the plugin runs with once the option is validated. */
export interface CacheSettings {
  store: KeyValueStore;
  ttl: number | undefined;
}

/**
 * The settings of a `cache` option `checkCacheOption` accepted: the caller's store,
 * or a memory store of `maxEntries` URLs (500 by default) private to the client.
 */
export function settingsOf(option: true | CacheOptions): CacheSettings {
  if (option === true) return { store: memoryStore(), ttl: undefined };
  const { store, maxEntries, ttl } = option;
  return { store: store ?? memoryStore(maxEntries === undefined ? {} : { maxEntries }), ttl };
}
