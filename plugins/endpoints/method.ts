import {
  lazy,
  ParameterError,
  uploadsOrigin,
  warnOnce,
  type Client,
  type EndpointMethod,
  type Lazy,
  type Log,
  type RequestParameters,
  type RequestState,
  type OperationInfo,
  type ParamMeta,
  type RouteEntry,
} from "../../kernel/index.js";
import { lookup, scopeParams, type Registry } from "./registry.js";
import { checkRemoved } from "./removed.js";

export type { OperationInfo } from "../../kernel/index.js";

/** A bound request: what every endpoint method is (`.endpoint`, `.defaults`, as in @octokit/rest). */
export type Method = EndpointMethod<{ parameters: Record<string, unknown>; response: unknown }>;
type Params = Record<string, unknown>;

/** Copy `params` with renamed parameters moved to their new names and the body parameter moved to `data`. */
function adapter(
  operation: string,
  entry: RouteEntry,
  client: Client,
  legacy: Record<string, string> | undefined,
): ((params?: Params) => Params | undefined) | undefined {
  const extra = entry[2];
  if (!extra && !legacy) return undefined;
  const { body, fields, deprecated, removed } = extra ?? {};
  // A registry's @octokit/rest v15/v16 table includes the description's own renames.
  const renamed = legacy ?? extra?.renamed;
  return (params) => {
    if (removed && params) checkRemoved(client, operation, removed, params);
    if (deprecated)
      warnOnce(
        client.options.log,
        `operation:${operation}`,
        `${operation}() is deprecated (${deprecated}). See GitHub's changelog for its replacement.`,
      );
    if (!params || (!body && !fields && !renamed)) return params;
    const copy = renamed ? renameParams(operation, renamed, params, client) : { ...params };
    if (body && copy[body] !== undefined) {
      copy.data = copy[body];
      delete copy[body];
    }
    if (fields && copy.data === undefined) {
      // `url` here is the webhook's, not the request's: build the JSON body explicitly.
      const data: Params = {};
      for (const field of fields) if (copy[field] !== undefined) ((data[field] = copy[field]), delete copy[field]);
      copy.data = data;
    }
    return copy;
  };
}

/**
 * `params` with old parameter names moved to their new ones, all at once: `{ current_name,
 * name }` (v16 `issues.updateLabel`) becomes `{ name: current_name, new_name: name }`. A name
 * that is both old and new (`name` there) is read as old only when the parameter renamed to
 * it is given. When both the old and the new name are given, the new one wins and the old
 * one is not sent. Each old name warns once.
 */
function renameParams(operation: string, renamed: Record<string, string>, params: Params, client: Client): Params {
  const copy = { ...params };
  const moved: Array<[string, string]> = [];
  for (const old in renamed) {
    if (params[old] === undefined) continue;
    const source = Object.keys(renamed).find((key) => renamed[key] === old);
    if (source !== undefined && params[source] === undefined) continue;
    moved.push([old, renamed[old] as string]);
  }
  const movedAway = new Set(moved.map(([old]) => old));
  for (const [old] of moved) delete copy[old];
  for (const [old, now] of moved) {
    warnOnce(
      client.options.log,
      `param:${operation}:${old}`,
      `${operation}(): parameter "${old}" is deprecated, use "${now}".`,
    );
    // The new name given by the caller (and not itself being renamed away) wins.
    if (params[now] === undefined || movedAway.has(now)) copy[now] = params[old];
  }
  return copy;
}

/** Checks a call's (adapted) parameters: throws, or returns a promise while the metadata loads. */
export type ParamsCheck = (params: Record<string, unknown>) => void | Promise<void>;
/** plugins/endpoints/check-params.ts's `checkParams`: throws a `ParameterError` for params that do not fit `metas`. */
export type CheckParams = (operation: string, metas: readonly ParamMeta[], params: Record<string, unknown>) => void;
/** plugins/endpoints/unknown-params.ts's `warnUnknownParams`: warns once about a parameter `metas` lacks. */
export type WarnUnknownParams = (
  operation: string,
  metas: readonly ParamMeta[],
  params: Record<string, unknown>,
  log: Pick<Log, "warn">,
) => void;

/** What an adapted method holds: the method it adapts and how. */
interface Adapted {
  bound: Method;
  adapt: ((params?: Params) => Params | undefined) | undefined;
}
const ADAPTED = Symbol("forgekit.adapted");
type Holder = { [ADAPTED]: Adapted };

const keep = (self: object, key: string, value: unknown) => (
  Object.defineProperty(self, key, { value, writable: true, enumerable: true, configurable: true }),
  value
);

/** `.endpoint` and `.defaults` of every adapted method, shared: each is made on first access and kept. */
const adaptedProto: object = Object.create(Function.prototype, {
  endpoint: {
    configurable: true,
    get(this: Holder) {
      const { bound, adapt } = this[ADAPTED];
      const given = (params?: Params) => (adapt ? adapt(params) : params) ?? {};
      return keep(
        this,
        "endpoint",
        Object.assign((params?: Params) => bound.endpoint(given(params)), {
          DEFAULTS: bound.endpoint.DEFAULTS,
          merge: (params?: Params) => bound.endpoint.merge(given(params)),
          // What `merge` returned, expanded (as @octokit/rest's methods' `endpoint.parse`).
          parse: bound.endpoint.parse,
        }),
      );
    },
    set(this: object, value: unknown) {
      keep(this, "endpoint", value);
    },
  },
  defaults: {
    configurable: true,
    get(this: Holder) {
      return keep(this, "defaults", this[ADAPTED].bound.defaults);
    },
    set(this: object, value: unknown) {
      keep(this, "defaults", value);
    },
  },
});

/**
 * Wrap an endpoint method so that calls, `.endpoint()` and `.endpoint.merge()` see
 * `adapt(params)`, and calls are checked by `check` first; an error thrown by either rejects
 * the call before anything is sent. Used for renamed parameters, body parameters,
 * deprecations, validation and registered endpoints.
 */
export function adaptMethod(
  bound: Method,
  adapt?: (params?: Params) => Params | undefined,
  check?: ParamsCheck,
): Method {
  const method = (params?: Params) => {
    let adapted: Params | undefined;
    let checked: void | Promise<void>;
    try {
      adapted = adapt ? adapt(params) : params;
      checked = check?.(adapted ?? {});
    } catch (error) {
      return Promise.reject(error);
    }
    return checked ? checked.then(() => bound(adapted as never)) : bound(adapted as never);
  };
  Object.setPrototypeOf(method, adaptedProto);
  (method as unknown as Holder)[ADAPTED] = { bound, adapt };
  return method as unknown as Method;
}

/** The parameter checks' code, loaded with the first metadata (a client without metadata never needs it). */
const checks = lazy(() => import("./check-params.js"));
/** Start loading the checks' code (at a client's warm-up, kernel `onFirstUse`, or when a method is made). */
export const preloadChecks = (): void => void checks().catch(() => {});

/**
 * `run` with the parameter checks' code: at once when it is loaded, else once it is (with
 * `also`, loaded alongside).
 */
export function withChecks(
  run: (checkParams: CheckParams, warnUnknownParams: WarnUnknownParams) => void,
  also?: Lazy<unknown>,
): void | Promise<void> {
  const code = checks.value;
  if (code && (!also || also.value)) return run(code.checkParams, code.warnUnknownParams);
  return Promise.all([checks(), also?.()]).then(([loaded]) => run(loaded.checkParams, loaded.warnUnknownParams));
}

/**
 * The check of one operation's parameters against its metadata (synchronous once the
 * scope's metadata is loaded): the body parameter and gathered fields are checked where
 * the method put them, in `data`.
 */
function checker(
  registry: Registry,
  scope: string,
  name: string,
  entry: RouteEntry,
  log: Pick<Log, "warn">,
): ParamsCheck {
  const operation = `${scope}.${name}`;
  const metas = scopeParams(registry, scope);
  // Made just before its first call: the checks' code loads beside the transport's (the scope's
  // metadata waits for the call: a lookup alone, e.g. a stub, loads none).
  if (!checks.value) preloadChecks();
  const extra = entry[2];
  return (params) =>
    withChecks((checkParams, warnUnknownParams) => {
      const given = extra?.body
        ? { ...params, [extra.body]: params.data }
        : extra?.fields
          ? { ...params, ...(params.data as object) }
          : params;
      const known = metas.value![name] ?? [];
      checkParams(operation, known, given);
      warnUnknownParams(operation, known, given, log);
    }, metas);
}

/**
 * Each registry's route records (what a method merges over the client's defaults) by
 * operation: the same frozen object for every client, so a client's method holds only it
 * and its `request`.
 */
const records = new WeakMap<Registry, Map<string, readonly [RouteEntry, RequestParameters]>>();

/** `"GET /path"` as request parameters. */
const routeParams = (route: string) => {
  const space = route.indexOf(" ");
  return { method: route.slice(0, space), url: route.slice(space + 1) };
};

/** The request parameters of `entry` that do not depend on the client. */
function record(registry: Registry, operation: string, entry: RouteEntry): RequestParameters {
  let known = records.get(registry);
  if (!known) records.set(registry, (known = new Map()));
  const found = known.get(operation);
  if (found?.[0] === entry) return found[1];
  const base: RequestParameters & { request?: RequestState } = { ...(entry[1] || {}), ...routeParams(entry[0]) };
  if (base.headers) Object.freeze(base.headers);
  // For plugins that look at a request's operation (logs, spans, paginate's page size).
  base.request = operationInfo(registry, operation);
  known.set(operation, [entry, Object.freeze(base)]);
  return base;
}

/** The origin of an operation whose registry entry names its own `server`, for this `baseUrl`. */
function ownOrigin(server: unknown, baseUrl: string): string {
  return typeof server === "string" && !server.includes("uploads") ? new URL(baseUrl).origin : uploadsOrigin(baseUrl);
}

/**
 * What an endpoint method puts in its requests' `request` options (and the route lookup
 * answers, plugins/endpoints/index.ts): the operation's name (`"repos.get"`) and, when the
 * registry has them, a loader of its parameter metadata.
 */
export function operationInfo(registry: Registry, operation: string): Readonly<OperationInfo> {
  const about: OperationInfo = { operation };
  if (registry.loadParams) {
    const [scope, name] = operation.split(".") as [string, string];
    const metas = scopeParams(registry, scope);
    about.params = () => (metas.value ? (metas.value[name] ?? []) : metas().then((all) => all[name] ?? []));
  }
  return Object.freeze(about);
}

/**
 * The endpoint method of one operation: `client.request.defaults(...)` with its route and
 * defaults, checking its parameters first when the registry has their metadata.
 */
export function createMethod(
  client: Client,
  registry: Registry,
  scope: string,
  name: string,
  entry: RouteEntry,
): Method {
  const operation = `${scope}.${name}`;
  const base = record(registry, operation, entry);
  // An operation with its own server takes its origin from this client's baseUrl: that method's
  // defaults are its own. The registries name two servers (the `origin` defaults that
  // definitions/generate/routes.mjs writes): GitHub's uploads host, and on GHES the Manage API's
  // `{protocol}://{hostname}`, the instance's own origin (a per-call `origin` still wins, e.g.
  // the Management Console's port 8443).
  const bound = client.request.defaults(
    base.url!.startsWith("{origin}") ? { ...base, origin: ownOrigin(base.origin, client.options.baseUrl) } : base,
  ) as unknown as Method;
  const adapt = adapter(operation, entry, client, lookup(registry.legacyParams, scope, name));
  const check =
    registry.loadParams && registry.checks !== false
      ? checker(registry, scope, name, entry, client.options.log)
      : undefined;
  return adapt || check ? adaptMethod(bound, adapt, check) : bound;
}

/**
 * Read by kernel/route.ts: the URL keeps a trailing slash. @octokit/rest v16's endpoint
 * (@octokit/endpoint 6) sent `repos.getContents({ path: "" })` to `…/contents/`, and v16-era
 * mocks expect it; the current names send `…/contents`, as @octokit/rest v22 does.
 */
const KEEP_TRAILING_SLASH = Symbol.for("forgekit.keepTrailingSlash");

/** A deprecated name: warns once, then behaves as `target`, with v16's trailing slash. */
export function createAlias(client: Client, old: string, now: string, target: Method): Method {
  return adaptMethod(target, (params) => {
    warnOnce(client.options.log, `alias:${old}`, `${old}() is deprecated, use ${now}() instead.`);
    return { ...params, request: { ...(params?.request as object), [KEEP_TRAILING_SLASH]: true } };
  });
}

/**
 * An older @octokit/rest name with no operation in the current description (a v15/v16 name,
 * or, in `Octokit`, an operation GitHub removed since rest 20): warns once, then sends `route`
 * as it was. No parameter metadata, so unchecked.
 */
export function createLegacyRoute(client: Client, old: string, route: string): Method {
  const bound = client.request.defaults(routeParams(route)) as unknown as Method;
  return adaptMethod(bound, (params) => {
    warnOnce(
      client.options.log,
      `alias:${old}`,
      `${old}() is an older @octokit/rest name with no operation in GitHub's current description; sending its old route ${route}.`,
    );
    return params;
  });
}

/** An @octokit/rest v15/v16 name of a removed endpoint (or any failing method): rejects with `message`, nothing sent. */
export function createRemoved(message: string): Method {
  const fail = (): never => {
    throw new ParameterError(message);
  };
  const method = () => Promise.reject(new ParameterError(message));
  return Object.assign(method, {
    endpoint: Object.assign(fail, { DEFAULTS: undefined as never, merge: fail }),
    defaults: fail,
  }) as unknown as Method;
}

/** A method the selected deployment does not have: rejects before sending anything. */
export function createMissing(operation: string, deployment: string): Method {
  return createRemoved(
    `${operation}() is not available on ${deployment} (the client's "deployment" option); it exists on api.github.com. Nothing was sent.`,
  );
}

/**
 * A method whose route lives in a chunk not loaded yet (lazy registries, browsers): the
 * first call loads the chunk. `.endpoint` needs the route, so it throws until then;
 * `await method.load()` loads it explicitly.
 */
export function createLazy(operation: string, load: () => Promise<Method>): Method & { load(): Promise<Method> } {
  // A failed chunk load rejects that call only: the next call loads again.
  const ready = lazy(load);
  const method = (params?: Params) => {
    const real = ready.value;
    return real ? real(params as never) : ready().then((loaded) => loaded(params as never));
  };
  const loaded =
    <K extends "endpoint" | "defaults">(key: K) =>
    () => {
      const real = ready.value;
      if (!real)
        throw new ParameterError(
          `${operation}: its routes are not loaded yet. Call it once, or \`await client.${operation}.load()\`, before using .${key}.`,
        );
      return real[key];
    };
  Object.defineProperty(method, "endpoint", { get: loaded("endpoint"), enumerable: true });
  Object.defineProperty(method, "defaults", { get: loaded("defaults"), enumerable: true });
  return Object.assign(method, { load: ready }) as never;
}
