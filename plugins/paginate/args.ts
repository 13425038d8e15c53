import {
  OPERATION_OF,
  ParameterError,
  type Client,
  type EndpointOptions,
  type OperationOf,
  type ParamMeta,
  type RequestParameters,
} from "../../kernel/index.js";
import type { PaginatePluginOptions } from "./index.js";
import type { MapFn, PaginateOptions, Source } from "./types.js";

/** A pagination's arguments, normalised: the first request's options, the map function, the options. */
export interface Parsed {
  base: EndpointOptions;
  map: MapFn<unknown, unknown> | undefined;
  options: PaginateOptions;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The first request: a route, options from `endpoint.merge()`, or an endpoint method with params. */
function firstRequest(client: Client, source: Source, params: RequestParameters | undefined): EndpointOptions {
  let base: EndpointOptions;
  if (typeof source === "string" || (isObject(source) && typeof source !== "function"))
    base = client.request.endpoint.merge(source, params);
  else if (typeof source === "function" && typeof source.endpoint?.merge === "function")
    base = source.endpoint.merge(params);
  else
    throw new ParameterError(
      `paginate: the first argument is ${typeof source}; pass a route such as "GET /repos/{owner}/{repo}/issues", options from endpoint.merge(), or an endpoint method.`,
    );
  return base;
}

/**
 * Whether the first request's operation takes `per_page`: its parameter metadata says so.
 * An endpoint method carries it; a route string or options object is looked up in the
 * client's registry (the endpoints plugin's `OPERATION_OF`, kernel/registry.ts). Without
 * metadata (a route no registry has, a registry without parameters) a path ending in a
 * literal segment is taken for a list (`/repos/{owner}/{repo}/issues`) and one ending in a
 * placeholder for one resource (`/orgs/{org}`).
 */
async function declaresPerPage(client: Client, base: EndpointOptions): Promise<boolean> {
  // v16's `/orgs/:org` is `/orgs/{org}` (as kernel/url-template.ts reads it) for the lookup.
  const path = base.url
    .replace(/\{\?[^}]*\}$/, "")
    .replace(/[?#].*$/, "")
    .replace(/(^|\/):(\w+)/g, "$1{$2}");
  // Set by endpoint methods (plugins/endpoints/method.ts, `OperationInfo`).
  let params = base.request?.params as (() => readonly ParamMeta[] | Promise<readonly ParamMeta[]>) | undefined;
  const find = (client as unknown as { [OPERATION_OF]?: OperationOf })[OPERATION_OF];
  if (typeof params !== "function" && typeof find === "function") params = find.call(client, `GET ${path}`)?.params;
  if (typeof params === "function") return (await params()).some(([name]) => name === "per_page");
  return !/\}\/?$/.test(path);
}

/**
 * Fewer requests: the `paginate.perPage` option (GitHub's largest page size, 100, by default)
 * where the operation has one, unless the caller chose one (`per_page: null` sends none).
 */
async function addPageSize(client: Client, base: EndpointOptions, perPage: number | false): Promise<void> {
  if (perPage === false || base.method !== "GET" || base.per_page !== undefined || /[?&]per_page=/.test(base.url))
    return;
  if (await declaresPerPage(client, base)) base.per_page = perPage;
}

function checkOptions(options: PaginateOptions): void {
  const { maxItems, maxPages, resume, onCheckpoint, map } = options;
  if (maxItems !== undefined && !(maxItems === Infinity || (Number.isInteger(maxItems) && maxItems >= 0))) {
    throw new ParameterError(
      `paginate: maxItems is ${String(maxItems)}; pass a whole number ≥ 0 (or leave it out for every item).`,
    );
  }
  if (maxPages !== undefined && !(maxPages === Infinity || (Number.isInteger(maxPages) && maxPages >= 1))) {
    throw new ParameterError(
      `paginate: maxPages is ${String(maxPages)}; pass a whole number ≥ 1 (or leave it out for every page).`,
    );
  }
  if (onCheckpoint !== undefined && typeof onCheckpoint !== "function")
    throw new ParameterError("paginate: onCheckpoint must be a function (checkpoint) => void.");
  if (map !== undefined && typeof map !== "function")
    throw new ParameterError("paginate: map must be a function (response, done) => items.");
  if (resume === undefined) return;
  const count = (resume as { count?: unknown })?.count;
  const skip = (resume as { skip?: unknown })?.skip;
  const url = (resume as { url?: unknown })?.url;
  const validUrl = url === null || (typeof url === "string" && /^https?:\/\//i.test(url));
  const whole = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  if (!isObject(resume) || !validUrl || !whole(count) || (skip !== undefined && !whole(skip))) {
    throw new ParameterError(
      `paginate: resume is not a checkpoint; pass the { url, count } object a previous pagination emitted (url an absolute http(s) URL or null).`,
    );
  }
}

/**
 * `(source, params?, mapFn?, options?)`, `(source, mapFn, options?)` or
 * `(source, params?, options?)` → {@link Parsed}. Rejects with a `ParameterError` for bad
 * input. An endpoint method whose routes load lazily (browser presets) is loaded first.
 */
export async function parseArgs(client: Client, source: Source, args: unknown[]): Promise<Parsed> {
  const [a, b, c] = args;
  let params: RequestParameters | undefined;
  let rest: unknown[];
  if (typeof a === "function") rest = [a, b];
  else {
    params = a as RequestParameters | undefined;
    rest = [b, c];
  }
  if (params !== undefined && !isObject(params))
    throw new ParameterError(`paginate: params is ${typeof params}; pass an object of parameters.`);
  const [mapOrOptions, more] = rest;
  const map = typeof mapOrOptions === "function" ? (mapOrOptions as MapFn<unknown, unknown>) : undefined;
  const options = ((map ? more : mapOrOptions) ?? {}) as PaginateOptions;
  if (typeof options !== "object" || options === null)
    throw new ParameterError(
      `paginate: the options argument is ${typeof options}; pass { maxItems, maxPages, signal, resume, onCheckpoint }.`,
    );
  checkOptions(options);
  const load = typeof source === "function" ? (source as { load?: () => Promise<Source> }).load : undefined;
  const method = typeof load === "function" ? await load.call(source) : source;
  const base = firstRequest(client, method, params);
  const perPage = (client.options as PaginatePluginOptions).paginate?.perPage ?? 100;
  await addPageSize(client, base, perPage);
  return { base, map: map ?? options.map, options };
}
