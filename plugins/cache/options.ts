import { ParameterError, type KeyValueStore } from "../../kernel/index.js";
import { isKeyValueStore } from "../store/is-key-value-store.js";

/** The object form of the `cache` option. */
export interface CacheOptions {
  /**
   * Where entries live: any {@link KeyValueStore} (sync or async), e.g. `redisStore(redis)`
   * from `forgekit/plugins/redis` to share one cache between processes. Default: a
   * `memoryStore` (from `forgekit/plugins/store`) of `maxEntries` URLs, private to the client.
   */
  store?: KeyValueStore;
  /** Capacity of the default memory store, in URLs. Default 500. Not allowed with `store`. */
  maxEntries?: number;
  /** Milliseconds an entry lives in the store, renewed by each 304. Default: no expiry. */
  ttl?: number;
  /**
   * Milliseconds a store call may take before the request goes on without the cache (the
   * store counts as down until it answers again). Default 150.
   */
  storeTimeout?: number;
}

const SHAPE = "Use `cache: true` or `cache: { store?, maxEntries?, ttl?, storeTimeout? }`.";

function fail(message: string): never {
  throw new ParameterError(`Invalid cache option: ${message}`);
}

function isPositive(value: unknown, integer: boolean): boolean {
  return typeof value === "number" && value > 0 && Number.isFinite(value) && (!integer || Number.isInteger(value));
}

/**
 * Check the `cache` option without building anything (the presets run it at construction
 * and load the cache's code only when it is on): `undefined`/`false` → `false`, `true` or a
 * valid object → `true`, anything else throws a {@link ParameterError} naming the fix.
 */
export function checkCacheOption(option: unknown): option is true | CacheOptions {
  if (option === undefined || option === false) return false;
  if (option === true) return true;
  if (typeof option !== "object" || option === null || Array.isArray(option))
    fail(`got ${Array.isArray(option) ? "an array" : String(option)}. ${SHAPE}`);
  const { store, maxEntries, ttl, storeTimeout, ...unknown } = option as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length) fail(`unknown key(s) ${extra.join(", ")}. ${SHAPE}`);
  if (maxEntries !== undefined && !isPositive(maxEntries, true))
    fail(`maxEntries must be a positive integer, got ${String(maxEntries)}.`);
  if (ttl !== undefined && !isPositive(ttl, false))
    fail(`ttl must be a positive number of milliseconds, got ${String(ttl)}.`);
  if (storeTimeout !== undefined && !(isPositive(storeTimeout, false) && (storeTimeout as number) < 2 ** 31))
    fail(`storeTimeout must be a positive number of milliseconds, got ${String(storeTimeout)}.`);
  if (store === undefined) return true;
  if (!isKeyValueStore(store)) {
    fail(
      "store must implement get(key), set(key, value, ttl?) and delete(key), e.g. redisStore(client) from forgekit/plugins/redis.",
    );
  }
  if (maxEntries !== undefined)
    fail("maxEntries sizes the built-in memory store; with your own store, size that store instead.");
  return true;
}
