import { lazy, memberOnFirstUse, onWrap, type Client, type Plugin } from "../../kernel/index.js";
import type { Engine } from "../policy/types.js";
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

let DEFAULT_RETRY: ReturnType<typeof retryConfig>;
let DEFAULT_THROTTLE: ReturnType<typeof throttleConfig>;

/**
 * `retry` and `throttle` as the presets apply them (between debug and `log` in
 * {@link builtins}): their options are checked at construction (`maxWait`
 * given differently by both included), their engine — one `wrap` hook for both, so they
 * are applied to one facade — loads on the first request, before it is sent.
 */
export const lazyRetryThrottle: Plugin<void, RetryPluginOptions & ThrottlePluginOptions> = (client, options) => {
  // The defaults' settings are the same for every client: made once, shared.
  const retry = options.retry === undefined ? (DEFAULT_RETRY ??= retryConfig(undefined)) : retryConfig(options.retry);
  const throttle =
    options.throttle === undefined
      ? (DEFAULT_THROTTLE ??= throttleConfig(undefined))
      : throttleConfig(options.throttle, client);
  const limit: { maxWait: number; maxWaitFrom?: string } = { maxWait: 0 };
  setMaxWait(limit, retry?.maxWait, "retry");
  setMaxWait(limit, throttle?.maxWait, "throttle");
  if (!retry && !throttle) return;
  // One wrap that runs the engine itself once its code is loaded (no facade, no second
  // wrap); the engine — this client's queue, pauses and clock skew — is made on first use.
  const policy: Policy = {
    client,
    retry,
    throttle,
    maxWait: limit.maxWaitFrom ? limit.maxWait : undefined,
    engine: undefined,
  };
  onWrap(client, (request, options) => {
    const code = policyCode.value;
    return code
      ? code.run(policy.engine ?? engineOf(policy, code), request, options)
      : policyCode().then((loaded) => loaded.run(policy.engine ?? engineOf(policy, loaded), request, options));
  });
};

/** One client's retry/throttle settings, and its engine once made. */
interface Policy {
  client: Client;
  retry: ReturnType<typeof retryConfig>;
  throttle: ReturnType<typeof throttleConfig>;
  /** Set when `maxWait` was given. */
  maxWait: number | undefined;
  engine: Engine | undefined;
}

/** Make `policy`'s engine (shared code, so a client holds no closure for it). */
function engineOf(policy: Policy, code: PolicyCode): Engine {
  if (policy.engine) return policy.engine;
  const { createEngine, createRetrier, applyThrottle } = code;
  const engine = createEngine();
  if (policy.maxWait !== undefined) engine.maxWait = policy.maxWait;
  if (policy.retry) engine.retrier = createRetrier(policy.retry.settings);
  if (policy.throttle) applyThrottle(policy.client, engine, policy.throttle);
  return (policy.engine = engine);
}

/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
lazyCache.options = ["cache"];
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
lazyRetryThrottle.options = ["retry", "throttle"];

/** The retry/throttle engine's code, loaded before the first request of any client that uses it. */
const policyCode = lazy(() => import("./policy-code.js"));
type PolicyCode = NonNullable<typeof policyCode.value>;

/** `paginate` applied to one client on its first call (it registers no hook). */
const applyPaginate = deferred<{ paginate: Paginate }>(() => import("../paginate/index.js").then((m) => m.paginate), {
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

/**
 * `paginate` as the presets apply it: `client.paginate` is a getter on the class's prototype
 * that makes this client's stub on first access (most clients never paginate, and then hold
 * nothing for it); the stub's first call loads the plugin.
 */
const lazyPaginate: Plugin<{ paginate: Paginate }> = (client) => {
  memberOnFirstUse(client, "paginate", (self) => applyPaginate(self, self.options).paginate);
  return undefined as never;
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
lazyPaginate.options = [];

/**
 * The built-in plugins every preset (Node and browser) applies after the endpoint methods.
 * Order matters for hooks: the first registered is the innermost, and of two `before`
 * hooks the later-registered runs first. So a request meets, from the outside in:
 * validate (fail before any I/O) → previews (the accept header) → auth (credentials, before
 * the cache keys on them) → cache (304s, merging identical GETs) → log (one line per request,
 * with its retries and the 304 the cache answers) → retry and throttle (one engine: the
 * queue, rate-limit pauses, retries) → deprecation headers (log) and debug (one line per
 * attempt) → the transport. Code not needed up front loads
 * with `import()` ({@link deferred}): debug only when `DEBUG`/`localStorage.debug` could
 * enable it, cache only when its option is on, paginate on its first call; `graphql` loads
 * on its first call (and its query analysis on the first `graphql.paginate` call).
 */
export const builtins = [
  lazyDebug,
  lazyRetryThrottle,
  log,
  lazyCache,
  auth,
  previews,
  lazyPaginate,
  lazyGraphql,
  registerEndpoints,
  validate,
] as const satisfies readonly Plugin<any, any>[];
