import type { HookCollection } from "before-after-hook";
import { merge, parse } from "./route.js";
import { send } from "./transport.js";
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

function sendParsed(options: EndpointOptions): Promise<Response<unknown>> {
  return send(parse(options));
}

/** Create a request function over `hook` with `defaults`. */
export function createRequest(hook: Hook, defaults: EndpointOptions): Request {
  const endpoint: Endpoint = Object.assign(
    (route: string | RequestParameters, params?: RequestParameters) => parse(merge(defaults, route, params)),
    {
      DEFAULTS: defaults,
      merge: (route?: string | RequestParameters, params?: RequestParameters) => merge(defaults, route, params),
    },
  );
  const request = (route: string | RequestParameters, params?: RequestParameters) => {
    let options: EndpointOptions;
    try {
      // One fresh options object per request: hooks change it in place, because
      // before-after-hook 4.0.0 hands inner wraps the original object (docs/hooks-and-plugins.md).
      options = merge(defaults, route, params);
      // Fail before any hook runs (hooks may do I/O, e.g. fetch an installation token).
      parse(options);
    } catch (error) {
      return Promise.reject(error);
    }
    return hook("request", sendParsed, options);
  };
  return Object.assign(request, {
    endpoint,
    defaults: (more: RequestParameters) => createRequest(hook, merge(defaults, more)),
  }) as Request;
}
