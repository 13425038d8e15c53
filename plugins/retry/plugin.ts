import type { Plugin } from "../../kernel/index.js";
import { setMaxTotalWait, setMaxWait } from "../policy/options.js";
import { policyFor } from "../policy/attach.js";
import { retryConfig } from "./options.js";

export type { RateLimit, RateLimitInfo, WithRateLimit, LimitKind } from "../policy/index.js";

/** Options of the `retry` plugin (`retry: {…}`); every one is optional. See docs/errors-retries-rate-limits.md. */
export interface RetryOptions {
  /** Most re-sends of one request, for any reason (failures and rate limits alike). `0` disables retrying. Default 3. Per call: `request: { retries }`. */
  retries?: number;
  /** First backoff delay in ms, doubled on every retry, with jitter (half to all of it). Default 1000. */
  delay?: number;
  /** Longest backoff delay in ms. Default 30000. */
  maxDelay?: number;
  /**
   * Longest wait GitHub may ask for (rate-limit reset, secondary limit, `Retry-After`) in ms;
   * a longer one fails at once with a `RateLimitError`. Default 300000 (5 minutes).
   * The same setting as `throttle.maxWait`.
   */
  maxWait?: number;
  /**
   * Longest total of one request's waits — backoff delays, `Retry-After`, rate-limit pauses
   * before and after sending — in ms; a wait past it fails the request (a `RateLimitError`
   * for a wait GitHub asked for, the failure itself for a backoff). Default twice `maxWait`
   * (10 minutes). The same setting as `throttle.maxTotalWait`.
   */
  maxTotalWait?: number;
  /** Also retry a `TimeoutError` (idempotent methods only). Default false: a timeout is final. */
  timeouts?: boolean;
  /** Also send POST and PATCH again after failures that may have reached GitHub (5xx, reset, timeout). Default false. */
  nonIdempotent?: boolean;
  /** `@octokit/plugin-retry`'s switch: `false` is `retry: false`. Default true. */
  enabled?: boolean;
  /** `@octokit/plugin-retry`'s statuses never retried, e.g. `[404, 422]`; rate limits still wait. */
  doNotRetry?: readonly number[];
}

/** Options the `retry` plugin adds to the client. */
export interface RetryPluginOptions {
  /** Retry policy, or `false` to turn the plugin off. */
  retry?: RetryOptions | false;
}

let DEFAULT: ReturnType<typeof retryConfig>;

/**
 * Retries: network errors, 408, 429 and 5xx are sent again with exponential backoff and
 * jitter, honouring `Retry-After` and rate-limit resets; 4xx, 304, aborts and (by default)
 * timeouts are final, and POST/PATCH are repeated only when GitHub certainly did not act.
 * Shares one engine — one retry counter, one queue — with the `throttle` plugin.
 *
 * @example
 * const MyClient = Client.plugin([retry]);
 * const client = new MyClient({ retry: { retries: 5, maxWait: 60_000 } });
 * const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world" });
 */
export const retry: Plugin<void, RetryPluginOptions> = (client, options) => {
  // The default settings are the same for every client: made once, shared.
  const config = options.retry === undefined ? (DEFAULT ??= retryConfig(undefined)) : retryConfig(options.retry);
  if (!config) return;
  const policy = policyFor(client);
  setMaxWait(policy, config.maxWait, "retry");
  setMaxTotalWait(policy, config.maxTotalWait, "retry");
  policy.retry = config.settings;
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
retry.options = ["retry"];
/** The `request` option names this plugin reads (docs/hooks-and-plugins.md). */
retry.requestOptions = ["retries", "retryCount", "idempotent", "waits"];
// Its place in the Node preset's order (plugins/presets/builtins.ts), which the browser preset
// keeps when this plugin is added to it with `Client.plugin` (plugins/presets/place.ts).
Object.defineProperty(retry, Symbol.for("forgekit.presetPlace"), { value: 2 });
