import type { EndpointMethod, OperationTypes, Request, RequestParameters, Response } from "../../kernel/index.js";
import type { Endpoints } from "../../types/index.js";

/** The item type of a known route's pages (`"GET /search/issues"` → its search result item). */
type RouteItem<R extends keyof Endpoints> = PageItem<Endpoints[R]["response"]>;

/**
 * Where a pagination stands, as plain JSON: `url` is the next page to fetch (`null` when
 * every page was read), `count` the items delivered so far. `skip` is set only when
 * `maxItems` cut a page short: `url` is then that page again, and its first `skip`
 * items were already delivered. Pass it back as `resume` to carry on.
 */
export interface Checkpoint {
  url: string | null;
  count: number;
  skip?: number;
}

/** A page's items. Fields of an object-wrapped list (`total_count`, `incomplete_results`, …) stay readable on it. */
export type PageData<T> = T[] & { total_count?: number; incomplete_results?: boolean; repository_selection?: string };

/** One page as `paginate.iterator` yields it and `mapFn` receives it. */
export interface PageResponse<T> extends Response<PageData<T>> {
  /** Resume point after this page (see {@link Checkpoint}). */
  checkpoint: Checkpoint;
}

/** Maps one page; call `done()` to stop after this page. An array result is spread into the result. */
export type MapFn<T, M> = (response: PageResponse<T>, done: () => void) => M | readonly M[];

/** Options of a pagination, the argument after `params` (or after `mapFn`). */
export interface PaginateOptions<T = any, M = T> {
  /** Map each page (same as the `mapFn` argument). */
  map?: MapFn<T, M>;
  /** Stop once this many items were delivered (counting a resumed checkpoint's `count`), cutting the last page short. */
  maxItems?: number;
  /** Stop after this many pages (counting from the first page fetched, a resumed one too); the last checkpoint resumes. */
  maxPages?: number;
  /** Abort between pages and in flight; the promise / iterator rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Start from a checkpoint a previous pagination emitted instead of the first page. */
  resume?: Checkpoint;
  /** Called with each page's checkpoint once that page has been handled (mapped, or the loop moved on). */
  onCheckpoint?: (checkpoint: Checkpoint) => void;
}

/**
 * Item type of a list response: the element of an array, or of an object-wrapped list.
 * `NonNullable`: a response that may have no body (`repos.listContributors` answers 204 for an
 * empty repository) adds no `undefined` item, as plugins/paginate/page.ts reads no body as no
 * items. `-?` matters too: an optional field of the wrapper (`repository_selection?`) would
 * otherwise add `undefined` to the item type.
 */
export type PageItem<R> = ListItem<NonNullable<R>>;

/** {@link PageItem} of a response that has a body: the array's element, or the wrapped list's. */
export type ListItem<R> = R extends readonly (infer I)[]
  ? I
  : R extends { total_count: number; items: readonly (infer I)[] }
    ? I // search results, whose other arrays (`lexical_fallback_reason`) are not the list
    : R extends { total_count: number }
      ? { [K in keyof R]-?: NonNullable<R[K]> extends readonly (infer I)[] ? I : never }[keyof R]
      : R;

/**
 * An operation's parameters as `paginate` takes them: where the operation has `per_page`,
 * `per_page: null` too, which sends none (plugins/paginate/args.ts adds `per_page=100` to
 * a first request that has none).
 */
export type PageParams<P> = ("per_page" extends keyof P
  ? Omit<P, "per_page"> & { per_page?: P["per_page" & keyof P] | null }
  : P) &
  RequestParameters;

/**
 * What `paginate` accepts first: a route string, options from `endpoint.merge()`, or a
 * bound request (`request.defaults(…)`); typed endpoint methods have their own overload.
 */
export type Source = string | RequestParameters | Request;

/**
 * `client.paginate`: every page's items in one array.
 *
 * @example
 * const issues = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world" });
 * const titles = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner, repo }, (response) => response.data.map((issue) => issue.title));
 */
export interface Paginate {
  <R extends keyof Endpoints, M = RouteItem<R>>(
    route: R,
    params?: PageParams<Endpoints[R]["parameters"]>,
    mapFn?: MapFn<RouteItem<R>, M> | PaginateOptions<RouteItem<R>, M>,
    options?: PaginateOptions<RouteItem<R>, M>,
  ): Promise<M[]>;
  <E extends OperationTypes, M = PageItem<E["response"]>>(
    method: EndpointMethod<E>,
    params?: PageParams<E["parameters"]>,
    mapFn?: MapFn<PageItem<E["response"]>, M> | PaginateOptions<PageItem<E["response"]>, M>,
    options?: PaginateOptions<PageItem<E["response"]>, M>,
  ): Promise<M[]>;
  <T = any, M = T>(
    source: Source,
    params?: RequestParameters,
    mapFn?: MapFn<T, M> | PaginateOptions<T, M>,
    options?: PaginateOptions<T, M>,
  ): Promise<M[]>;
  <T = any, M = T>(source: Source, mapFn: MapFn<T, M>, options?: PaginateOptions<T, M>): Promise<M[]>;
  /** An async iterator of pages; leaving the loop early stops fetching. */
  iterator: PaginateIterator;
}

/** `client.paginate.iterator`: `for await (const page of client.paginate.iterator(route, params)) …` */
export interface PaginateIterator {
  <R extends keyof Endpoints>(
    route: R,
    params?: PageParams<Endpoints[R]["parameters"]>,
    options?: PaginateOptions<RouteItem<R>>,
  ): AsyncGenerator<PageResponse<RouteItem<R>>, void, undefined>;
  <E extends OperationTypes>(
    method: EndpointMethod<E>,
    params?: PageParams<E["parameters"]>,
    options?: PaginateOptions<PageItem<E["response"]>>,
  ): AsyncGenerator<PageResponse<PageItem<E["response"]>>, void, undefined>;
  <T = any>(
    source: Source,
    params?: RequestParameters,
    options?: PaginateOptions<T>,
  ): AsyncGenerator<PageResponse<T>, void, undefined>;
}
