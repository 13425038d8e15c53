import type { EndpointMethod, OperationTypes, RequestParameters, Response } from "../../kernel/index.js";
import type { RestScopes } from "../../types/index.js";
import type { Part, TypedRequest } from "../endpoints/index.js";
import type { RemovedOperationNames } from "../../definitions/api.github.com/octokit-removed.js";

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

/**
 * The last call signature of `Octokit`'s `request`, shaped as @octokit/types' last: what
 * `ReturnType<typeof octokit.request>` reads (`Promise<Response<any>>`, not the
 * `Promise<any>` of {@link CoreRequest}) and what an instantiation expression such as
 * `typeof octokit.request<"GET /repos/{owner}/{repo}">` gives (that route's response). A
 * call never reaches it: forgekit's signatures and `CoreRequest`'s come first.
 */
export interface RouteReturn<E> {
  <R extends string>(
    route: R,
    parameters?: RequestParameters,
  ): R extends keyof E ? Promise<Response<Part<E[R], "response">>> : Promise<Response<any>>;
}

/** The route table `E` of a `request` typed `TypedRequest<E>`. */
export type RouteTableOf<Q> = Q extends TypedRequest<infer E> ? E : {};

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

/**
 * An endpoint method of `Octokit`: forgekit's, with @octokit/plugin-rest-endpoint-methods'
 * looser shape added, for a library typed against @octokit/rest 20 or 22's whole `Octokit`
 * (release-please's `git-file-utils`). The added call signatures take `this: never`, so no
 * call picks them (a call has a `this`, or `void`): calls are typed by forgekit's signatures,
 * which come after them (an interface's own signatures come before those it extends), so that `ReturnType<typeof octokit.rest.repos.get>` is forgekit's
 * response type. Where a type is asked for, signatures are compared without `this`, and these
 * pass for any of @octokit's (the second for one typed as resolving to `never`, as rest 22's
 * `orgs.deleteAttestationsBulk`).
 */
export interface OctokitEndpointMethod<E extends OperationTypes> extends EndpointMethod<E> {
  (this: never, parameters?: any): Promise<any>;
  (this: never, parameters?: any): Promise<never>;
  endpoint: EndpointMethod<E>["endpoint"] & CoreEndpoint;
  /** A method with these defaults merged under each call's. */
  defaults: EndpointMethod<E>["defaults"] & ((defaults: any) => CoreRequest);
}

/** @octokit/plugin-paginate-rest's `paginate`, loosely, as {@link OctokitEndpointMethod}'s: never picked by a call. */
export interface CorePaginate {
  (this: never, route: any, parameters?: any, mapFn?: any): Promise<any[]>;
  /** An async iterator of pages. */
  iterator(this: never, route: any, parameters?: any): AsyncIterableIterator<any>;
}

/** A scope's methods, each as {@link OctokitEndpointMethod}. */
export type CoreScope<S> = { [M in keyof S]: S[M] extends EndpointMethod<infer E> ? OctokitEndpointMethod<E> : S[M] };

/**
 * A method of an operation GitHub removed, or a deprecated name of @octokit/rest 20 and 22
 * (definitions/api.github.com/octokit-removed.ts): parameters and data untyped, as today's
 * description no longer has them.
 */
export type RemovedMethod = OctokitEndpointMethod<{ parameters: Record<string, unknown>; response: any }>;

/** Scope `S`'s methods of {@link RemovedOperationNames}. */
export type RemovedScope<S> = S extends keyof RemovedOperationNames
  ? { [M in RemovedOperationNames[S]]: RemovedMethod }
  : unknown;

/**
 * What @octokit/rest's `Octokit` type adds to @octokit/core's, in place of those members of an
 * instance `I` of forgekit's `Octokit`: each scope (top-level and under `rest`) with {@link CoreScope}, and
 * `paginate` with {@link CorePaginate}; and the methods of {@link RemovedScope}. test/octokit/rest-members.test.ts checks that each
 * method @octokit/rest 20 and 22 type exists and sends its request.
 */
export type OctokitRestMembers<I> = { [S in keyof I & keyof RestScopes]: CoreScope<I[S]> & RemovedScope<S> } & {
  rest: I extends { rest: infer R } ? { [S in keyof R & keyof RestScopes]: CoreScope<R[S]> & RemovedScope<S> } : never;
  paginate: CorePaginate & (I extends { paginate: infer P } ? P : unknown);
};
