import type { Plugin } from "../../kernel/index.js";
import { auth } from "../auth/index.js";
import type { CacheOptions, CachePluginOptions } from "../cache/index.js";
import { checkCacheOption } from "../cache/options.js";
import { lazyDebug } from "../debug/lazy.js";
import { lazyGraphql } from "../graphql/lazy.js";
import { log } from "../log/index.js";
import type { Paginate, PaginateIterator } from "../paginate/index.js";
import { setMaxWait } from "../policy/options.js";
import { previews } from "../previews/index.js";
import { registerEndpoints } from "../register-endpoints/index.js";
import type { RetryPluginOptions } from "../retry/index.js";
import { retryConfig } from "../retry/options.js";
import type { ThrottlePluginOptions } from "../throttle/index.js";
import { throttleConfig } from "../throttle/options.js";
import { validate } from "../validate/index.js";
import { deferred } from "./deferred.js";

/** `cache`, loaded on the first request, and only when the `cache` option is on (checked at construction). */
const lazyCache = deferred<void, CachePluginOptions>(
  () =>
    import("../cache/apply.js").then(
      (m): Plugin<void, CachePluginOptions> =>
        (client, options) =>
          m.applyCache(client, options.cache as true | CacheOptions),
    ),
  {
    when: (options) => checkCacheOption(options.cache),
  },
);

/**
 * `retry` and `throttle` as the presets apply them (between `log` and the cache in
 * {@link builtins}): their options are checked at construction (`maxWait`
 * given differently by both included), their engine — one `wrap` hook for both, so they
 * are applied to one facade — loads on the first request, before it is sent.
 */
export const lazyRetryThrottle: Plugin<void, RetryPluginOptions & ThrottlePluginOptions> = (client, options) => {
  const retry = retryConfig(options.retry);
  const throttle = throttleConfig(options.throttle, client);
  const limit: { maxWait: number; maxWaitFrom?: string } = { maxWait: 0 };
  setMaxWait(limit, retry?.maxWait, "retry");
  setMaxWait(limit, throttle?.maxWait, "throttle");
  if (!retry && !throttle) return;
  const load = () =>
    Promise.all([import("../policy/engine.js"), import("../retry/retrier.js"), import("../throttle/apply.js")]).then(
      ([{ engineFor }, { createRetrier }, { applyThrottle }]): Plugin<void> =>
        (facade) => {
          const engine = engineFor(facade);
          if (limit.maxWaitFrom) engine.maxWait = limit.maxWait;
          if (retry) engine.retrier = createRetrier(retry.settings);
          if (throttle) applyThrottle(facade, engine, throttle);
        },
    );
  return deferred(load)(client, options);
};

/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
lazyCache.options = ["cache"];
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
lazyRetryThrottle.options = ["retry", "throttle"];

/** `paginate`, which registers no hook: `client.paginate` and `.iterator` load it on their first call. */
const lazyPaginate = deferred<{ paginate: Paginate }>(() => import("../paginate/index.js").then((m) => m.paginate), {
  hooks: false,
  stubs(ready) {
    const paginate = ((...args: unknown[]) =>
      ready().then(({ paginate }) => (paginate as (...a: unknown[]) => unknown)(...args))) as Paginate;
    paginate.iterator = async function* (...args: unknown[]) {
      yield* ((await ready()).paginate.iterator as (...a: unknown[]) => AsyncGenerator<never>)(...args);
    } as PaginateIterator;
    return { paginate };
  },
});

/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
lazyPaginate.options = [];

/**
 * The built-in plugins every preset (Node and browser) applies after the endpoint methods.
 * Order matters for hooks: the first registered is the innermost, and of two `before`
 * hooks the later-registered runs first. So a request meets, from the outside in:
 * validate (fail before any I/O) → previews (the accept header) → auth (credentials, before
 * the cache keys on them) → cache (304s, merging identical GETs) → retry and throttle (one
 * engine: the queue, rate-limit pauses, retries) → log (deprecation headers) → debug (one
 * line per attempt) → the transport. Code not needed up front loads
 * with `import()` ({@link deferred}): debug only when `DEBUG`/`localStorage.debug` could
 * enable it, cache only when its option is on, paginate on its first call; `graphql` loads
 * on its first call (and its query analysis on the first `graphql.paginate` call).
 */
export const builtins = [
  lazyDebug,
  log,
  lazyRetryThrottle,
  lazyCache,
  auth,
  previews,
  lazyPaginate,
  lazyGraphql,
  registerEndpoints,
  validate,
] as const satisfies readonly Plugin<any, any>[];
