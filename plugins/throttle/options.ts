import { ParameterError, type KeyValueStore } from "../../kernel/index.js";
import { knownKeys, MAX_TIMER, numberOption, optionObject } from "../policy/options.js";
import { isKeyValueStore } from "../store/is-key-value-store.js";
import type { RateLimitCallback } from "./index.js";

/** One write budget (plugins/throttle/pacer.ts): at most `limit` writes per `per` ms. */
export interface Budget {
  limit: number;
  per: number;
}

/**
 * GitHub's documented content-creation limits: 80 a minute, 500 an hour
 * (https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits).
 */
export const WRITE_BUDGETS: readonly Budget[] = [
  { limit: 80, per: 60_000 },
  { limit: 500, per: 3_600_000 },
];

/** The `throttle` option, checked; `store` is `undefined` when the default memory store is wanted. */
export interface ThrottleConfig {
  store: KeyValueStore | undefined;
  concurrency: number;
  mutationGap: number;
  /** Write budgets (plugins/throttle/pacer.ts), from `writesPerMinute` and `writesPerHour`. */
  budgets: readonly Budget[];
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
  "writesPerMinute",
  "writesPerHour",
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
    // No fixed gap by default: the write budgets pace writes (plugins/throttle/pacer.ts).
    mutationGap: numberOption(given, "mutationGap", "throttle", 0, MAX_TIMER) ?? 0,
    budgets: budgetsOf(given),
    onRateLimit: callback(given, "onRateLimit", client),
    onSecondaryRateLimit: callback(given, "onSecondaryRateLimit", client),
    maxWait: numberOption(given, "maxWait", "throttle", 0, MAX_TIMER),
    maxTotalWait: numberOption(given, "maxTotalWait", "throttle", 0, Infinity),
    storeTimeout: numberOption(given, "storeTimeout", "throttle", 1, MAX_TIMER),
  };
}

/** `writesPerMinute` and `writesPerHour` (GitHub's 80 and 500 by default; `Infinity` lifts one). */
function budgetsOf(given: Record<string, unknown>): readonly Budget[] {
  const minute = numberOption(given, "writesPerMinute", "throttle", 1, Infinity, true);
  const hour = numberOption(given, "writesPerHour", "throttle", 1, Infinity, true);
  if (minute === undefined && hour === undefined) return WRITE_BUDGETS;
  const limits = [minute ?? WRITE_BUDGETS[0]!.limit, hour ?? WRITE_BUDGETS[1]!.limit];
  return WRITE_BUDGETS.map((budget, i) => ({ ...budget, limit: limits[i]! })).filter((b) => b.limit !== Infinity);
}
