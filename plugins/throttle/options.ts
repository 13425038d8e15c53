import { RequestError, type KeyValueStore } from "../../kernel/index.js";
import { knownKeys, MAX_TIMER, numberOption, optionObject } from "../policy/options.js";
import { isKeyValueStore } from "../store/is-key-value-store.js";
import type { RateLimitCallback } from "./index.js";

/** The `throttle` option, checked; `store` is `undefined` when the default memory store is wanted. */
export interface ThrottleConfig {
  store: KeyValueStore | undefined;
  concurrency: number;
  mutationGap: number;
  maxWait: number | undefined;
  /** `undefined` for the default budget (the presets load it with the throttle, not up front). */
  storeTimeout: number | undefined;
  onRateLimit: RateLimitCallback | undefined;
  onSecondaryRateLimit: RateLimitCallback | undefined;
}

const KEYS = [
  "store",
  "concurrency",
  "mutationGap",
  "maxWait",
  "onRateLimit",
  "onSecondaryRateLimit",
  "storeTimeout",
] as const;

function callback(options: Record<string, unknown>, key: string): RateLimitCallback | undefined {
  const value = options[key];
  if (value !== undefined && typeof value !== "function")
    throw new RequestError(`throttle.${key} must be a function (info) => boolean, got ${typeof value}.`);
  return value as RateLimitCallback | undefined;
}

/**
 * Check the `throttle` option (at construction, before any I/O; a `RequestError` names the
 * fix): `false` → `undefined` (off), `undefined`/`true`/an object → the settings. Pure: the
 * presets run it eagerly and load the engine on the first request.
 */
export function throttleConfig(option: unknown): ThrottleConfig | undefined {
  const given = optionObject(option, "throttle");
  if (!given) return undefined;
  knownKeys(given, "throttle", KEYS);
  const store = (given.store ?? undefined) as KeyValueStore | undefined;
  if (store !== undefined && !isKeyValueStore(store)) {
    throw new RequestError(
      "throttle.store must be a KeyValueStore: an object with get(key), set(key, value, ttl) and delete(key), e.g. memoryStore() or redisStore(redis).",
    );
  }
  return {
    store,
    // GitHub allows at most 100 concurrent requests (REST + GraphQL) before secondary limits.
    concurrency: numberOption(given, "concurrency", "throttle", 1, Infinity, true) ?? 100,
    mutationGap: numberOption(given, "mutationGap", "throttle", 0, MAX_TIMER) ?? 1000,
    onRateLimit: callback(given, "onRateLimit"),
    onSecondaryRateLimit: callback(given, "onSecondaryRateLimit"),
    maxWait: numberOption(given, "maxWait", "throttle", 0, MAX_TIMER),
    storeTimeout: numberOption(given, "storeTimeout", "throttle", 1, MAX_TIMER),
  };
}
