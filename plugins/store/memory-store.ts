import type { KeyValueStore } from "../../kernel/index.js";

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** How many keys the store keeps; the least recently used goes first. Default 500. */
  maxEntries?: number;
  /** Clock for TTLs, in milliseconds (tests inject one). Default `Date.now`. */
  now?: () => number;
}

/**
 * A bounded in-memory {@link KeyValueStore}: least-recently-used eviction in O(1) over one
 * `Map` (its insertion order is the recency order), optional per-key TTL checked on read,
 * no timers, synchronous (a request finds its entry or pause without a promise). The
 * default store of the `cache` and `throttle` plugins, one per client and plugin; pass
 * one to several clients of a process to share it between them.
 *
 * @example
 * const store = memoryStore({ maxEntries: 2000 });
 * const a = new MyClient({ cache: { store }, throttle: { store } });
 * const b = new MyClient({ cache: { store }, throttle: { store } }); // b pauses when a hits a limit
 */
export function memoryStore({ maxEntries = 500, now = Date.now }: MemoryStoreOptions = {}): KeyValueStore {
  const entries = new Map<string, { value: string; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry); // most recently used goes last
      return entry.value;
    },
    set(key, value, ttl) {
      entries.delete(key);
      entries.set(key, { value, expires: ttl === undefined ? Infinity : now() + ttl });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
