import type { KeyValueStore } from "../../kernel/index.js";

/**
 * The throttle's default {@link KeyValueStore}: a Map, one per client, synchronous (so a
 * request that finds no pause is checked without a promise). Entries expire lazily on read
 * — no timers — and the oldest goes when `maxEntries` is reached.
 *
 * @example
 * const store = memoryStore();
 * const a = new MyClient({ throttle: { store } }); // two clients of one process
 * const b = new MyClient({ throttle: { store } }); // pausing together
 */
export function memoryStore(maxEntries = 1000): KeyValueStore {
  const entries = new Map<string, { value: string; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, ttl) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: ttl === undefined ? Infinity : Date.now() + ttl });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
