import { hookOf, type HookSource } from "./hook.js";
import { merge } from "./merge.js";
import { firstUsed, own } from "./once.js";
import { parse } from "./route.js";
import { transport } from "./transport.js";
import type { EndpointOptions, RequestOptions, RequestParameters, Response } from "./types.js";

/**
 * The request path, in order: merge (route, defaults and parameters into one fresh options
 * object) → parse (the early check: URL, headers, body, no I/O) → the `"request"` hook →
 * the transport. See docs/how-it-works.md.
 */

/** `request.endpoint`: route + params → request options, without sending. */
export interface Endpoint {
  (route: string | RequestParameters, params?: RequestParameters): RequestOptions;
  /** The defaults this request was created with. */
  DEFAULTS: EndpointOptions;
  /** Defaults merged with a route and params, unexpanded: usable with `request` and `paginate`. */
  merge(route?: string | RequestParameters, params?: RequestParameters): EndpointOptions;
  /** Merged options (what `merge` returns) expanded into request options, without sending. */
  parse(options: EndpointOptions): RequestOptions;
  /** An `endpoint` whose defaults are these merged over the current ones (as `request.defaults`). */
  defaults(defaults: RequestParameters): Endpoint;
}

/**
 * `client.request`: sends a route such as `"GET /repos/{owner}/{repo}"` with params.
 * Endpoint methods are `request.defaults(...)` of it.
 */
export interface Request {
  <T = any>(route: string | RequestParameters, params?: RequestParameters): Promise<Response<T>>;
  endpoint: Endpoint;
  /**
   * A request whose defaults are these merged over the current ones. A frozen object is kept
   * as it is and merged per call (endpoint methods share one per operation across clients).
   */
  defaults(defaults: RequestParameters): Request;
}

/** What a request function holds: its hook, its defaults and, for a frozen `defaults()` argument, that. */
interface State {
  hook: HookSource;
  defaults: EndpointOptions;
  base: RequestParameters | undefined;
}
const STATE = Symbol("forgekit.request");
type Own = { [STATE]: State };

/** One fresh options object per request (hooks change it in place: docs/hooks-and-plugins.md). */
function mergeFor({ defaults, base }: State, route?: string | RequestParameters, params?: RequestParameters) {
  return merge(base ? merge(defaults, base) : defaults, route, params);
}

/** Send one request: merge → parse → hook → transport. */
function start(state: State, route?: string | RequestParameters, params?: RequestParameters): Promise<Response<any>> {
  let options: EndpointOptions;
  let request: RequestOptions | undefined;
  try {
    const { defaults, base } = state;
    options = merge(base ? merge(defaults, base) : defaults, route, params);
    // Bad input fails here, before any hook runs (a hook may do I/O, e.g. fetch a token);
    // for a class that asks for @octokit's order, in the innermost step below.
    if (!hooksFirst(state.hook) || !hookOf(state.hook)) request = parse(options);
  } catch (error) {
    return Promise.reject(error);
  }
  prepare(options);
  // No hook collection yet (nobody read `client.hook`): nothing is registered, no dispatch.
  const hook = hookOf(state.hook);
  if (!hook) return transport(request!);
  // Hooks may have changed the options (headers, URL, body): parse what reaches the end.
  // before-after-hook calls the method with no options once every hook was removed (an empty
  // registry): the request's own options are what it would have passed.
  return hook("request", (given) => transport(parse(given ?? options)), options);
}

/** Start what the next request needs loading: the transport's code, and what plugins registered (`onFirstUse`). */
function prepare(options: EndpointOptions): void {
  options.request?.transport?.prepare?.();
  firstUsed();
}

/** Set on a client class whose callers' hooks see each call before its checks, as @octokit orders them. */
const HOOKS_FIRST = Symbol.for("forgekit.hooksBeforeChecks");

function hooksFirst(source: HookSource): boolean {
  return typeof source === "object" && (source.constructor as { [HOOKS_FIRST]?: boolean })[HOOKS_FIRST] === true;
}

/**
 * What `request.endpoint()` and `endpoint.parse()` return for a client class that asks for
 * another shape than the request options forgekit sends (the @octokit/rest drop-in returns
 * the body as the object, as @octokit/endpoint does: plugins/presets/octokit.ts).
 * The class sets a function of the merged options and forgekit's `parse` under this key.
 */
const ENDPOINT_VIEW = Symbol.for("forgekit.endpointView");

type Parse = (options: EndpointOptions) => RequestOptions;
type View = (options: EndpointOptions, parse: Parse) => RequestOptions;

/** `parse`, or the view that the client class of `source` sets (which calls `parse`). */
function viewed(source: HookSource, parse: Parse): Parse {
  const view = typeof source === "object" && (source.constructor as { [ENDPOINT_VIEW]?: View })[ENDPOINT_VIEW];
  return typeof view === "function" ? (options: EndpointOptions) => view(options, parse) : parse;
}

/** `request.endpoint` over `state`; its `defaults` is another over the merged defaults, as `request.defaults`. */
function endpointOf(state: State): Endpoint {
  const expand = viewed(state.hook, parse);
  return Object.assign(
    (route: string | RequestParameters, params?: RequestParameters) => expand(mergeFor(state, route, params)),
    {
      DEFAULTS: mergeFor(state),
      merge: (route?: string | RequestParameters, params?: RequestParameters) => mergeFor(state, route, params),
      parse: expand,
      defaults: (more: RequestParameters) =>
        endpointOf({ ...state, defaults: merge(mergeFor(state), more), base: undefined }),
    },
  );
}

/**
 * `.endpoint` and `.defaults` of every request function, shared: each is made for a request
 * function on its first access and kept on it (most endpoint methods never use them).
 */
const requestProto: object = Object.create(Function.prototype, {
  endpoint: {
    configurable: true,
    get(this: Own) {
      return own(this, "endpoint", endpointOf(this[STATE]));
    },
    set(this: object, value: unknown) {
      own(this, "endpoint", value);
    },
  },
  defaults: {
    configurable: true,
    get(this: Own) {
      const state = this[STATE];
      const defaults = (more: RequestParameters) => {
        // A request function made now (an endpoint method, on first use) is about to be
        // called: its transport's and plugins' code loads meanwhile, not after its own checks.
        prepare(state.defaults);
        return Object.isFrozen(more)
          ? createRequest(state.hook, state.base ? mergeFor(state) : state.defaults, more)
          : createRequest(state.hook, merge(mergeFor(state), more));
      };
      return own(this, "defaults", defaults);
    },
    set(this: object, value: unknown) {
      own(this, "defaults", value);
    },
  },
});

/**
 * A request function over `hook` (a collection, or the client whose `hook` it reads) with
 * `defaults`, and `base` merged over them per call (a frozen object shared by many request
 * functions, never copied).
 */
export function createRequest(hook: HookSource, defaults: EndpointOptions, base?: RequestParameters): Request {
  const state: State = { hook, defaults, base };
  const request = (route?: string | RequestParameters, params?: RequestParameters) => start(state, route, params);
  Object.setPrototypeOf(request, requestProto);
  (request as unknown as Own)[STATE] = state;
  return request as unknown as Request;
}
