import { ParameterError, redactHeaders, type KeyValueStore } from "../../kernel/index.js";
import type { Attempt, RateLimitInfo } from "../policy/types.js";
import { knownKeys, MAX_TIMER, numberOption, optionObject } from "../policy/options.js";
import { isKeyValueStore } from "../store/is-key-value-store.js";

/** A callback as the throttler calls it: with the engine's info and the attempt. */
type Callback = (info: RateLimitInfo, attempt: Attempt) => unknown;

/** One write budget (plugins/throttle/pacer.ts): at most `limit` writes per `per` ms. */
export interface Budget {
  limit: number;
  per: number;
}

/**
 * GitHub's documented content-creation limits: 80 a minute, 500 an hour
 * (docs/errors-retries-rate-limits.md, "Pacing").
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
  onRateLimit: Callback | undefined;
  onSecondaryRateLimit: Callback | undefined;
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

/** The largest finite write budget (the pacer keeps one time per write it counts). */
const MAX_BUDGET = 10_000;

/** `writesPerMinute` and `writesPerHour` (GitHub's 80 and 500 by default; `Infinity` lifts one). */
function budgetsOf(given: Record<string, unknown>): readonly Budget[] {
  const minute = numberOption(given, "writesPerMinute", "throttle", 1, Infinity, true);
  const hour = numberOption(given, "writesPerHour", "throttle", 1, Infinity, true);
  // The pacer keeps the time of every write within a budget's window: a budget is a list that long.
  for (const [name, value] of [
    ["writesPerMinute", minute],
    ["writesPerHour", hour],
  ] as const)
    if (value !== undefined && value !== Infinity && value > MAX_BUDGET)
      throw new ParameterError(
        `throttle.${name} is ${value}; a budget counts at most ${MAX_BUDGET} writes: give one up to ${MAX_BUDGET}, or Infinity to lift it.`,
      );
  if (minute === undefined && hour === undefined) return WRITE_BUDGETS;
  const limits = [minute ?? WRITE_BUDGETS[0]!.limit, hour ?? WRITE_BUDGETS[1]!.limit];
  return WRITE_BUDGETS.map((budget, i) => ({ ...budget, limit: limits[i]! })).filter((b) => b.limit !== Infinity);
}
