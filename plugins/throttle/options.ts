import { ParameterError, type KeyValueStore } from "../../kernel/index.js";
import { knownKeys, MAX_TIMER, numberOption, optionObject } from "../policy/options.js";
import { isKeyValueStore } from "../store/is-key-value-store.js";
import type { RateLimitCallback } from "./index.js";

/** The `throttle` option, checked; `store` is `undefined` when the default memory store is wanted. */
export interface ThrottleConfig {
  store: KeyValueStore | undefined;
  concurrency: number;
  mutationGap: number;
  maxWait: number | undefined;
  maxTotalWait: number | undefined;
  /** `undefined` for the default budget (the presets load it with the throttle, not up front). */
  storeTimeout: number | undefined;
  onRateLimit: RateLimitCallback | undefined;
  onSecondaryRateLimit: RateLimitCallback | undefined;
}

// `enabled` is `@octokit/plugin-throttling`'s name, accepted with its meaning.
const KEYS = [
  "store",
  "concurrency",
  "mutationGap",
  "maxWait",
  "maxTotalWait",
  "onRateLimit",
  "onSecondaryRateLimit",
  "storeTimeout",
  "enabled",
] as const;

function callback(options: Record<string, unknown>, key: string, client: unknown): RateLimitCallback | undefined {
  const value = options[key];
  if (value !== undefined && typeof value !== "function")
    throw new ParameterError(`throttle.${key} must be a function (info) => boolean, got ${typeof value}.`);
  // A callback declaring two or more parameters is `@octokit/plugin-throttling`'s
  // (retryAfter in seconds, request options, client, retryCount): called that way.
  if (typeof value === "function" && value.length >= 2)
    return (info) => value(Math.ceil(info.waitMs / 1000), { ...info.request }, client, info.retryCount);
  return value as RateLimitCallback | undefined;
}

/**
 * Check the `throttle` option (at construction, before any I/O; a `ParameterError` names the
 * fix): `false` → `undefined` (off), `undefined`/`true`/an object → the settings. Pure: the
 * presets run it eagerly and load the engine on the first request.
 */
export function throttleConfig(option: unknown, client?: unknown): ThrottleConfig | undefined {
  const given = optionObject(option, "throttle");
  if (!given) return undefined;
  knownKeys(given, "throttle", KEYS);
  if (given.enabled !== undefined && typeof given.enabled !== "boolean")
    throw new ParameterError(`throttle.enabled must be true or false, got ${JSON.stringify(given.enabled)}.`);
  if (given.enabled === false) return undefined;
  const store = (given.store ?? undefined) as KeyValueStore | undefined;
  if (store !== undefined && !isKeyValueStore(store)) {
    throw new ParameterError(
      "throttle.store must be a KeyValueStore: an object with get(key), set(key, value, ttl) and delete(key), e.g. memoryStore() or redisStore(redis).",
    );
  }
  return {
    store,
    // GitHub allows at most 100 concurrent requests (REST + GraphQL) before secondary limits.
    concurrency: numberOption(given, "concurrency", "throttle", 1, Infinity, true) ?? 100,
    mutationGap: numberOption(given, "mutationGap", "throttle", 0, MAX_TIMER) ?? 1000,
    onRateLimit: callback(given, "onRateLimit", client),
    onSecondaryRateLimit: callback(given, "onSecondaryRateLimit", client),
    maxWait: numberOption(given, "maxWait", "throttle", 0, MAX_TIMER),
    maxTotalWait: numberOption(given, "maxTotalWait", "throttle", 0, Infinity),
    storeTimeout: numberOption(given, "storeTimeout", "throttle", 1, MAX_TIMER),
  };
}
