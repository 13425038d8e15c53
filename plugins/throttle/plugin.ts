import type { KeyValueStore, Plugin } from "../../kernel/index.js";
import { setMaxTotalWait, setMaxWait } from "../policy/options.js";
import { policyFor } from "../policy/attach.js";
import type { RateLimitInfo } from "../policy/index.js";
import { throttleConfig } from "./options.js";

export type { RateLimit, RateLimitInfo, WithRateLimit, LimitKind } from "../policy/index.js";

/**
 * The request options a rate-limit callback receives, shaped as `@octokit/plugin-throttling`
 * passes them: `method`, `url` (the route template, `/repos/{owner}/{repo}`), `baseUrl`, the
 * parameters by name, `headers` (credentials redacted) and `request`. The expanded URL is
 * `info.request.url`.
 */
export interface RateLimitOptions {
  method: string;
  url: string;
  baseUrl?: string;
  headers: Record<string, string | number | undefined>;
  [parameter: string]: unknown;
}

/**
 * A rate-limit callback, called as `@octokit/plugin-throttling` calls it — `(retryAfter`
 * in seconds`, options, client, retryCount)` — with forgekit's {@link RateLimitInfo} appended.
 * Return `false` to fail the request at once; anything else waits.
 */
export type RateLimitCallback = ThrottleCallbacks["onRateLimit"] & {};

/** The callbacks, as methods: an `@octokit/plugin-throttling` callback with narrower annotations still type-checks. */
export interface ThrottleCallbacks {
  /** Asked before a request waits for an exhausted primary rate limit; return `false` to fail fast. */
  onRateLimit?(
    retryAfter: number,
    options: RateLimitOptions,
    // `any`: ported callbacks annotate it as their Octokit class.
    client: any,
    retryCount: number,
    info: RateLimitInfo,
  ): boolean | void | Promise<boolean | void>;
  /** Asked before a request waits for a secondary rate limit; return `false` to fail fast. */
  onSecondaryRateLimit?(
    retryAfter: number,
    options: RateLimitOptions,
    client: any,
    retryCount: number,
    info: RateLimitInfo,
  ): boolean | void | Promise<boolean | void>;
}

/** Options of the `throttle` plugin (`throttle: {…}`); every one is optional. See docs/errors-retries-rate-limits.md. */
export interface ThrottleOptions extends ThrottleCallbacks {
  /** `@octokit/plugin-throttling`'s switch: `false` is `throttle: false`. Default true. */
  enabled?: boolean;
  /** Where pauses are kept; share one (e.g. `redisStore`) between processes using one token. Default: a per-client {@link memoryStore}. */
  store?: KeyValueStore;
  /** Milliseconds a store call may take before the request goes on as if no pause were stored. Default 150. */
  storeTimeout?: number;
  /** Most requests in flight at once. Default 10; `1` sends everything serially, as GitHub advises. */
  concurrency?: number;
  /** Mutations (POST, PATCH, PUT, DELETE) go one at a time, starting at least this many ms apart. Default 0 (off): the write budgets pace them. */
  mutationGap?: number;
  /** Most mutations per minute and credential, shared through `store` (GitHub's documented 80 by default; `Infinity` lifts it). */
  writesPerMinute?: number;
  /** Most mutations per hour and credential, shared through `store` (GitHub's documented 500 by default; `Infinity` lifts it). */
  writesPerHour?: number;
  /** Longest rate-limit pause a request waits for, in ms; a longer one fails at once. Default 300000. The same setting as `retry.maxWait`. */
  maxWait?: number;
  /** Longest total of one request's waits (retries and pauses together), in ms. Default twice `maxWait`. The same setting as `retry.maxTotalWait`. */
  maxTotalWait?: number;
}

/** Options the `throttle` plugin adds to the client. */
export interface ThrottlePluginOptions {
  /** Pacing and rate-limit pauses, or `false` to turn the plugin off. */
  throttle?: ThrottleOptions | false;
}

let DEFAULT: ReturnType<typeof throttleConfig>;

/**
 * Throttling: requests wait for a free slot (`concurrency`), mutations are paced within
 * GitHub's write budgets (`writesPerMinute`, `writesPerHour`), and rate limits pause what they concern — an exhausted primary limit its
 * resource (`core`, `search`…), a secondary limit every request — until GitHub's reset, for
 * every client sharing the `store`; later requests wait or fail fast without being sent.
 * Shares one engine — one retry counter, one queue — with the `retry` plugin.
 *
 * @example
 * const MyClient = Client.plugin([retry, throttle]);
 * const client = new MyClient({
 *   // the arguments of `@octokit/plugin-throttling`, then forgekit's info: wait up to a minute, else fail fast
 *   throttle: { onRateLimit: (retryAfter, options, client, retryCount, info) => info.waitMs < 60_000 },
 * });
 */
export const throttle: Plugin<void, ThrottlePluginOptions> = (client, options) => {
  // The default settings are the same for every client: made once, shared.
  const config =
    options.throttle === undefined ? (DEFAULT ??= throttleConfig(undefined)) : throttleConfig(options.throttle, client);
  if (!config) return;
  const policy = policyFor(client);
  setMaxWait(policy, config.maxWait, "throttle");
  setMaxTotalWait(policy, config.maxTotalWait, "throttle");
  policy.throttle = config;
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
throttle.options = ["throttle"];
/** The `request` option names this plugin reads (docs/hooks-and-plugins.md). */
throttle.requestOptions = ["retryCount", "waits"];
// Its place in the Node preset's order (plugins/presets/builtins.ts), which the browser preset
// keeps when this plugin is added to it with `Client.plugin` (plugins/presets/place.ts).
Object.defineProperty(throttle, Symbol.for("forgekit.presetPlace"), { value: 3 });
