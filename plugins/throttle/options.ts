import { ParameterError, redactHeaders, type KeyValueStore } from "../../kernel/index.js";
import type { Attempt, RateLimitInfo } from "../policy/types.js";
import { knownKeys, MAX_TIMER, numberOption, optionObject } from "../policy/options.js";
import { isKeyValueStore } from "../store/is-key-value-store.js";

/** A callback as the throttler calls it: with the engine's info and the attempt. */
type Callback = (info: RateLimitInfo, attempt: Attempt) => unknown;

/** The `throttle` option, checked; `store` is `undefined` when the default memory store is wanted. */
export interface ThrottleConfig {
  store: KeyValueStore | undefined;
  concurrency: number;
  mutationGap: number;
  maxWait: number | undefined;
  /** `undefined` for the default budget (the presets load it with the throttle, not up front). */
  storeTimeout: number | undefined;
  onRateLimit: Callback | undefined;
  onSecondaryRateLimit: Callback | undefined;
}

// `enabled` is `@octokit/plugin-throttling`'s name, accepted with its meaning.
const KEYS = [
  "store",
  "concurrency",
  "mutationGap",
  "maxWait",
  "onRateLimit",
  "onSecondaryRateLimit",
  "storeTimeout",
  "enabled",
] as const;

function callback(options: Record<string, unknown>, key: string, client: unknown): Callback | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (typeof value !== "function")
    throw new ParameterError(
      `throttle.${key} must be a function (retryAfter, options, client, retryCount, info) => boolean, got ${typeof value}.`,
    );
  // One convention, whatever the function declares (`fn.length` is 0 for `(...args) => …`):
  // `@octokit/plugin-throttling`'s (retryAfter in seconds, request options, client,
  // retryCount), then forgekit's info. The options are the request's own, as @octokit passes
  // them (the route template as `url`), with credentials redacted from the headers.
  return (info, attempt) =>
    value(
      Math.ceil(info.waitMs / 1000),
      { ...attempt.options, headers: redactHeaders(attempt.options.headers) },
      client,
      info.retryCount,
      info,
    );
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
    storeTimeout: numberOption(given, "storeTimeout", "throttle", 1, MAX_TIMER),
  };
}
