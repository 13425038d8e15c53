import {
  bindRoute,
  lazy,
  ParameterError,
  uploadsOrigin,
  warnOnce,
  type Client,
  type EndpointMethod,
  type Lazy,
  type ScopeParams,
  type RequestParameters,
  type RouteEntry,
} from "../../kernel/index.js";
import type { ValidationInfo } from "../validate/index.js";
import type { Registry } from "./registry.js";
import { checkRemoved } from "./removed.js";

/** A bound request: what every endpoint method is (`.endpoint`, `.defaults`, as in @octokit/rest). */
export type Method = EndpointMethod<{ parameters: Record<string, unknown>; response: unknown }>;
type Params = Record<string, unknown>;

/** Copy `params` with renamed parameters moved to their new names and the body parameter moved to `data`. */
function adapter(
  operation: string,
  entry: RouteEntry,
  client: Client,
): ((params?: Params) => Params | undefined) | undefined {
  const extra = entry[2];
  if (!extra) return undefined;
  const { body, fields, renamed, deprecated, removed } = extra;
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

/**
 * Wrap an endpoint method so that calls, `.endpoint()` and `.endpoint.merge()` see
 * `adapt(params)`; an error thrown by `adapt` rejects the call before anything is sent.
 * Used for renamed parameters, body parameters, deprecations and registered endpoints.
 */
export function adaptMethod(bound: Method, adapt: (params?: Params) => Params | undefined): Method {
  const endpoint = Object.assign((params?: Params) => bound.endpoint(adapt(params) ?? {}), {
    DEFAULTS: bound.endpoint.DEFAULTS,
    merge: (params?: Params) => bound.endpoint.merge(adapt(params) ?? {}),
  });
  const method = (params?: Params) => {
    let adapted: Params | undefined;
    try {
      adapted = adapt(params);
    } catch (error) {
      return Promise.reject(error);
    }
    return bound(adapted as never);
  };
  return Object.assign(method, { endpoint, defaults: bound.defaults }) as Method;
}

/** Each registry's parameter metadata per scope, loaded on first use (a failed load is retried). */
const paramsCache = new WeakMap<Registry, Map<string, Lazy<ScopeParams>>>();

function scopeParams(registry: Registry, scope: string): Lazy<ScopeParams> {
  let scopes = paramsCache.get(registry);
  if (!scopes) paramsCache.set(registry, (scopes = new Map()));
  let metas = scopes.get(scope);
  if (!metas) scopes.set(scope, (metas = lazy(() => registry.loadParams!(scope).then((module) => module.params))));
  return metas;
}

/**
 * Each registry's route records (what a method merges over the client's defaults) by
 * operation: the same frozen object for every client, so a client's method holds only it
 * and its `request`.
 */
const records = new WeakMap<Registry, Map<string, readonly [RouteEntry, RequestParameters]>>();

/** The request parameters of `entry` that do not depend on the client. */
function record(registry: Registry, scope: string, name: string, entry: RouteEntry): RequestParameters {
  const operation = `${scope}.${name}`;
  let known = records.get(registry);
  if (!known) records.set(registry, (known = new Map()));
  const found = known.get(operation);
  if (found?.[0] === entry) return found[1];
  const [route, defaults, extra] = entry;
  const space = route.indexOf(" ");
  const base: RequestParameters = { ...(defaults || {}), method: route.slice(0, space), url: route.slice(space + 1) };
  if (registry.loadParams) {
    const metas = scopeParams(registry, scope);
    const params = () => {
      const loaded = metas.value;
      return loaded ? (loaded[name] ?? []) : metas().then((all) => all[name] ?? []);
    };
    const validate: ValidationInfo = {
      operation,
      params,
      ...(extra?.body ? { body: extra.body } : {}),
      ...(extra?.fields ? { fields: true } : {}),
    };
    base.request = Object.freeze({ validate });
  }
  if (base.headers) Object.freeze(base.headers);
  known.set(operation, [entry, Object.freeze(base)]);
  return base;
}

/** The endpoint method of one operation: `client.request.defaults(...)` with its route and defaults. */
export function createMethod(
  client: Client,
  registry: Registry,
  scope: string,
  name: string,
  entry: RouteEntry,
): Method {
  const base = record(registry, scope, name, entry);
  const operation = `${scope}.${name}`;
  // Uploads take their origin from this client's baseUrl: that method's defaults are its own.
  const bound = (base.url!.startsWith("{origin}")
    ? client.request.defaults({ ...base, origin: uploadsOrigin(client.options.baseUrl) })
    : bindRoute(client.request, base)) as unknown as Method;
  const adapt = adapter(operation, entry, client);
  return adapt ? adaptMethod(bound, adapt) : bound;
}

/** A deprecated name: warns once, then behaves as `target`. */
export function createAlias(client: Client, old: string, now: string, target: Method): Method {
  return adaptMethod(target, (params) => {
    warnOnce(client.options.log, `alias:${old}`, `${old}() is deprecated, use ${now}() instead.`);
    return params;
  });
}

/**
 * An @octokit/rest v15/v16 name whose old route GitHub still serves (no current operation
 * has it): warns once, then sends `route` as it was. No parameter metadata, so unchecked.
 */
export function createLegacyRoute(client: Client, old: string, route: string): Method {
  const space = route.indexOf(" ");
  const bound = client.request.defaults({
    method: route.slice(0, space),
    url: route.slice(space + 1),
  }) as unknown as Method;
  return adaptMethod(bound, (params) => {
    warnOnce(
      client.options.log,
      `alias:${old}`,
      `${old}() is an @octokit/rest v15/v16 name with no current operation; sending its old route ${route}, which GitHub still serves.`,
    );
    return params;
  });
}

/** An @octokit/rest v15/v16 name of a removed endpoint: rejects with `message`, nothing sent. */
export function createRemoved(message: string): Method {
  return createFailing(message);
}

function createFailing(message: string): Method {
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
  return createFailing(
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
