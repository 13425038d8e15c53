import { RequestError, type KeyValueStore } from "../../kernel/index.js";
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

const SHAPE = "Use `cache: true` or `cache: { store?, maxEntries?, ttl? }`.";

function fail(message: string): never {
  throw new RequestError(`Invalid cache option: ${message}`);
}

function isPositive(value: unknown, integer: boolean): boolean {
  return typeof value === "number" && value > 0 && Number.isFinite(value) && (!integer || Number.isInteger(value));
}

/**
 * Validate the `cache` option before any request: `undefined`/`false` → `undefined` (the
 * plugin stays inert), `true` → defaults, an object → its settings. Throws a
 * {@link RequestError} naming the problem and the fix.
 */
export function cacheSettings(option: unknown): CacheSettings | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === true) return { store: memoryStore(), ttl: undefined };
  if (typeof option !== "object" || option === null || Array.isArray(option)) fail(`got ${Array.isArray(option) ? "an array" : String(option)}. ${SHAPE}`);
  const { store, maxEntries, ttl, ...unknown } = option as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length) fail(`unknown key(s) ${extra.join(", ")}. ${SHAPE}`);
  if (maxEntries !== undefined && !isPositive(maxEntries, true)) fail(`maxEntries must be a positive integer, got ${String(maxEntries)}.`);
  if (ttl !== undefined && !isPositive(ttl, false)) fail(`ttl must be a positive number of milliseconds, got ${String(ttl)}.`);
  if (store === undefined) return { store: memoryStore(maxEntries === undefined ? {} : { maxEntries: maxEntries as number }), ttl: ttl as number | undefined };
  const methods = ["get", "set", "delete"] as const;
  if (typeof store !== "object" || store === null || methods.some((m) => typeof (store as Record<string, unknown>)[m] !== "function")) {
    fail("store must implement get(key), set(key, value, ttl?) and delete(key), e.g. redisStore(client) from forgekit/plugins/redis.");
  }
  if (maxEntries !== undefined) fail("maxEntries sizes the built-in memory store; with your own store, size that store instead.");
  return { store: store as KeyValueStore, ttl: ttl as number | undefined };
}
