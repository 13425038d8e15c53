import type { HookCollection } from "before-after-hook";
import { own } from "./own.js";
import { merge, parse } from "./route.js";
import { runPrepare, stepsOf, transmit, type Steps } from "./steps.js";
import { reusable, runWraps } from "./wraps.js";
import type { EndpointOptions, RequestOptions, RequestParameters, Response } from "./types.js";

/** The hook collection's single hook, `"request"`, typed through before-after-hook's type store. */
export type Hooks = { request: { Options: EndpointOptions; Result: Response<any>; Error: unknown } };
/** `client.hook`: `before`, `after`, `error` and `wrap` for the `"request"` hook (before-after-hook). */
export type Hook = HookCollection<Hooks>;

/** The inner request a `wrap` hook receives: call it with the (mutated) options. */
export type Send = (options: EndpointOptions) => Response<any> | Promise<Response<any>>;

/** `request.endpoint`: route + params → request options, without sending. */
export interface Endpoint {
  (route: string | RequestParameters, params?: RequestParameters): RequestOptions;
  /** The defaults this request was created with. */
  DEFAULTS: EndpointOptions;
  /** Defaults merged with a route and params, unexpanded: usable with `request` and `paginate`. */
  merge(route?: string | RequestParameters, params?: RequestParameters): EndpointOptions;
}

/**
 * `client.request`: sends a route such as `"GET /repos/{owner}/{repo}"` with params.
 * Endpoint methods are `request.defaults(...)` of it.
 */
export interface Request {
  <T = any>(route: string | RequestParameters, params?: RequestParameters): Promise<Response<T>>;
  endpoint: Endpoint;
  /** A bound request whose defaults are these merged over the current ones. */
  defaults(defaults: RequestParameters): Request;
}

/** After the prepare steps: the early check, then the hooks and the kernel's wraps (if any) and the transport. */
function dispatch(hook: Hook, steps: Steps, options: EndpointOptions): Promise<Response<unknown>> {
  let parsed: RequestOptions;
  try {
    // Fail before any hook runs (hooks may do I/O, e.g. fetch an installation token).
    parsed = parse(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const { hooks, wraps } = steps;
  // Nothing registered: straight to the transport, parsed once.
  if (!hooks.length && !wraps?.length) return transmit(steps, parsed, options);
  const again = reusable(options);
  const send: Send = (given) => transmit(steps, given === options && again ? again(parsed) : parse(given), given);
  if (!hooks.length) return runWraps(wraps!, send, options);
  // The kernel's wraps were registered before any hook: they are the innermost.
  return hook("request", wraps?.length ? () => runWraps(wraps, send, options) : send, options);
}

/** Where a request function keeps its hook and defaults (kernel/bind-route.ts reads them too). */
export const HOOK = Symbol("forgekit.request-hook");
export const DEFAULTS = Symbol("forgekit.request-defaults");
export type Own = { [HOOK]: Hook; [DEFAULTS]: EndpointOptions };

/**
 * `.endpoint` and `.defaults` of every request function, shared: each is made for a request
 * function on its first access and kept on it (most endpoint methods never use them).
 */
const requestProto: object = Object.create(Function.prototype, {
  endpoint: {
    configurable: true,
    get(this: Own) {
      const defaults = this[DEFAULTS];
      const endpoint: Endpoint = Object.assign(
        (route: string | RequestParameters, params?: RequestParameters) => parse(merge(defaults, route, params)),
        {
          DEFAULTS: defaults,
          merge: (route?: string | RequestParameters, params?: RequestParameters) => merge(defaults, route, params),
        },
      );
      return own(this, "endpoint", endpoint);
    },
    set(this: object, value: unknown) {
      own(this, "endpoint", value);
    },
  },
  defaults: {
    configurable: true,
    get(this: Own) {
      const { [HOOK]: hook, [DEFAULTS]: defaults } = this;
      const bound = (more: RequestParameters) => createRequest(hook, merge(defaults, more));
      return own(this, "defaults", bound);
    },
    set(this: object, value: unknown) {
      own(this, "defaults", value);
    },
  },
});

/** How a request function makes its options: `merge`, or `mergeOver` for kernel/bind-route.ts. */
type Merger = (defaults: EndpointOptions, a?: any, b?: any, c?: any) => EndpointOptions;

/**
 * Merge (`merger(defaults, a, b, c)`), the prepare steps, then the early check, hooks and
 * transport: what every request function runs.
 */
export function start(hook: Hook, merger: Merger, defaults: EndpointOptions, a: unknown, b: unknown, c?: unknown) {
  const steps = stepsOf(hook);
  let options: EndpointOptions;
  let prepared: void | Promise<void>;
  try {
    // One fresh options object per request: hooks change it in place, because
    // before-after-hook 4.0.0 hands inner wraps the original object (docs/hooks-and-plugins.md).
    options = merger(defaults, a, b, c);
    prepared = runPrepare(steps.prepare, options);
  } catch (error) {
    return Promise.reject(error);
  }
  return prepared ? prepared.then(() => dispatch(hook, steps, options)) : dispatch(hook, steps, options);
}

/** Create a request function over `hook` with `defaults`. */
export function createRequest(hook: Hook, defaults: EndpointOptions): Request {
  const request = (route: string | RequestParameters, params?: RequestParameters) =>
    start(hook, merge, defaults, route, params);
  Object.setPrototypeOf(request, requestProto);
  (request as unknown as Own)[HOOK] = hook;
  (request as unknown as Own)[DEFAULTS] = defaults;
  return request as unknown as Request;
}
