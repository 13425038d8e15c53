import type { EndpointMethod, RequestParameters, Response } from "../../kernel/index.js";
import type { RestScopes } from "../../types/index.js";

/**
 * @octokit/rest's `RestEndpointMethodTypes`, for code that names it after the package swap
 * (docs/migrating.md): `RestEndpointMethodTypes["repos"]["get"]["parameters"]` and
 * `["response"]` (the whole response, `data` typed), over forgekit's generated scopes.
 *
 * @example
 * import type { RestEndpointMethodTypes } from "forgekit";
 * type Repo = RestEndpointMethodTypes["repos"]["get"]["response"]["data"];
 */
export type RestEndpointMethodTypes = {
  [S in keyof RestScopes]: {
    [M in keyof RestScopes[S]]: RestScopes[S][M] extends EndpointMethod<infer E>
      ? { parameters: RequestParameters & E["parameters"]; response: Response<E["response"]> }
      : never;
  };
};

/**
 * @octokit/plugin-rest-endpoint-methods' `RestEndpointMethods`: the scopes and their methods,
 * as `octokit.rest` has them.
 *
 * @example
 * import type { RestEndpointMethods } from "forgekit";
 * type ListIssues = RestEndpointMethods["issues"]["listForRepo"];
 */
export type RestEndpointMethods = RestScopes;

/**
 * What code typed against @octokit/core's `Octokit` (versions 5 to 7) reads of a client, in
 * the looser shapes its declarations give them, added to forgekit's own as further
 * overloads: a forgekit `Octokit` passes where a library asks for @octokit/core's (no
 * TS2345), while forgekit's own signatures, listed first, still type a caller's code. Each
 * member exists and works at run time (test/octokit/core-members.test.ts).
 */
export interface OctokitCoreMembers {
  /** @octokit/core's `request`: also `endpoint.defaults` and `endpoint.parse`. */
  request: CoreRequest;
  /** @octokit/graphql's `graphql`: also `graphql.endpoint`, the request options of a query. */
  graphql: {
    (query: any, parameters?: any): Promise<any>;
    /** A `graphql` with these defaults merged under each call's. */
    defaults(defaults: any): any;
    endpoint: CoreEndpoint;
  };
  /** before-after-hook's collection: hooks of any name (forgekit itself runs only `"request"`). */
  hook: CoreHook;
  /** A strategy's `auth(…)` takes what the strategy reads. */
  auth(...args: unknown[]): Promise<unknown>;
}

/** @octokit/types' `EndpointInterface`, loosely: its generic `DEFAULTS` and parameters. */
export interface CoreEndpoint {
  (route: any, parameters?: any): any;
  DEFAULTS: any;
  /** An `endpoint` with these defaults merged under each call's. */
  defaults(defaults: any): CoreEndpoint;
  /** The defaults, the route and the parameters merged, not yet turned into a URL. */
  merge(route?: any, parameters?: any): any;
  /** Merged options turned into the method, URL, headers and body to send. */
  parse(options: any): any;
}

/** @octokit/types' `RequestInterface`, loosely. */
export interface CoreRequest {
  (route: any, parameters?: any): Promise<any>;
  /** A `request` with these defaults merged under each call's. */
  defaults(defaults: any): CoreRequest;
  endpoint: CoreEndpoint;
}

/** before-after-hook's `HookCollection` (2.x to 4.x), any hook name. */
export interface CoreHook {
  (name: any, method: (options: any) => any, options?: any): Promise<any>;
  /** Runs `hook` before each call of `name`. */
  before(name: any, hook: (options: any) => any): void;
  /** Runs `hook` when a call of `name` fails; what it returns is the call's result. */
  error(name: any, hook: (error: any, options: any) => any): void;
  /** Runs `hook` after each successful call of `name`. */
  after(name: any, hook: (result: any, options: any) => any): void;
  /** Runs `hook` in place of each call of `name`, handing it the call to make. */
  wrap(name: any, hook: (method: (options: any) => any, options: any) => any): void;
  /** Removes a hook added with one of the above. */
  remove(name: any, hook: (...args: any[]) => any): void;
  api: Pick<CoreHook, "before" | "error" | "after" | "wrap" | "remove">;
}
