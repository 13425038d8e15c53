import {
  lazy,
  ParameterError,
  type ParamMeta,
  type RouteEntry,
  type ScopeParams,
  type ScopeRoutes,
} from "../../kernel/index.js";
import type { Lazy } from "../../kernel/index.js";
import { decodePaths, decodeScope, packedNames, unpackNames } from "../../definitions/decode/trie.js";
import type { Registry } from "../../definitions/decode/registry.js";

// The registry's shape and its data's decoders are definitions/'s (definitions/decode/): this
// module keeps what a registry has decoded and loaded, per registry object.
export type { Registry } from "../../definitions/decode/registry.js";

const { hasOwn } = Object;
/** `table[key]` if it is the table's own entry. */
const own = <T>(table: Record<string, T> | undefined, key: string): T | undefined =>
  table && hasOwn(table, key) ? table[key] : undefined;
/** Parsed names and loaded chunks, per registry object (shared data, not per-client state). */
const cache = new WeakMap<
  Registry,
  {
    names: Map<string, readonly string[]>;
    routes: Map<string, ScopeRoutes>;
    /** Decoded alias tables, per old scope. */
    aliases: Map<string, Record<string, string>>;
    /** One lazy load per scope: a failed chunk load is retried by the next call. */
    chunks: Map<string, Lazy<ScopeRoutes>>;
    params: Map<string, Lazy<ScopeParams>>;
  }
>();

function state(registry: Registry) {
  let entry = cache.get(registry);
  if (!entry)
    cache.set(
      registry,
      (entry = { names: new Map(), routes: new Map(), aliases: new Map(), chunks: new Map(), params: new Map() }),
    );
  return entry;
}

/** Every scope the registry names (or has routes for). */
export function registryScopes(registry: Registry): string[] {
  return [
    ...new Set([
      ...Object.keys(registry.names ?? {}),
      ...(registry.scopes ?? []),
      ...Object.keys(registry.routes ?? {}),
      ...Object.keys(registry.aliases ?? {}),
      ...Object.keys(registry.legacyRoutes ?? {}),
      ...Object.keys(registry.removed ?? {}),
    ]),
  ];
}

/** The scope's method names (empty when the registry has no such scope, or has not loaded the names yet: namesLater). */
export function scopeNames(registry: Registry, scope: string): readonly string[] {
  const { names, routes: loaded } = state(registry);
  let list = names.get(scope);
  if (!list) {
    const packed = own(registry.names, scope);
    const routes = own(registry.routes, scope);
    list =
      packed !== undefined
        ? unpackNames(packed)
        : typeof routes === "string"
          ? packedNames(routes)
          : routes
            ? Object.keys(routes)
            : loaded.has(scope)
              ? Object.keys(loaded.get(scope)!)
              : undefined;
    if (!list) return [];
    names.set(scope, list);
  }
  return list;
}

/** Whether the scope's names come with its routes (`scopes`) and have not loaded yet. */
export const namesLater = (registry: Registry, scope: string): boolean =>
  !!registry.scopes?.includes(scope) && !scopeNames(registry, scope).length;

/** A loaded `paths` chunk, paired line by line with the scope's names. */
function pathsTable(registry: Registry, scope: string, paths: string): ScopeRoutes {
  const names = scopeNames(registry, scope);
  const lines = paths ? paths.split("\n") : [];
  // Paired by position: a chunk of another deployment would send methods to other routes.
  if (lines.length !== names.length)
    throw new ParameterError(
      `${scope}: ${lines.length} routes loaded for ${names.length} names: take names and load from one deployment. Nothing was sent.`,
    );
  return decodePaths(names, lines);
}

/** Remember a scope's routes, decoding them if packed (`paths`: against the scope's names). */
function keep(registry: Registry, scope: string, routes: ScopeRoutes | string | { paths: string }): ScopeRoutes {
  const table =
    typeof routes === "string"
      ? decodeScope(routes)
      : typeof routes.paths === "string"
        ? pathsTable(registry, scope, routes.paths)
        : (routes as ScopeRoutes);
  state(registry).routes.set(scope, table);
  return table;
}

/** The scope's routes if available synchronously (a packed scope is decoded on this first use). */
export function loadedRoutes(registry: Registry, scope: string): ScopeRoutes | undefined {
  const loaded = state(registry).routes.get(scope);
  if (loaded) return loaded;
  const routes = own(registry.routes, scope);
  return routes === undefined ? undefined : keep(registry, scope, routes);
}

/** What a loaded chunk holds: `{ routes }` or `{ paths }`. */
const unwrap = (chunk: { routes: ScopeRoutes | string } | { paths: string }) =>
  "paths" in chunk ? chunk : chunk.routes;

/** The route entry of `scope.name`, loading the scope's chunk if needed. */
export async function loadEntry(registry: Registry, scope: string, name: string): Promise<RouteEntry> {
  let routes = loadedRoutes(registry, scope);
  if (!routes) {
    const chunks = state(registry).chunks;
    let chunk = chunks.get(scope);
    if (!chunk)
      chunks.set(scope, (chunk = lazy(async () => keep(registry, scope, unwrap(await registry.load!(scope))))));
    routes = await chunk();
  }
  return routes[name] as RouteEntry;
}

/**
 * Packed parameter metadata (definitions/generate writes it: one `<name> <json>` line per
 * method) as a table whose methods are decoded on their first read: a program holds the
 * metadata of the methods it calls, not of their whole scope.
 */
function paramTable(packed: string): ScopeParams {
  return new Proxy({} as Record<string, readonly ParamMeta[]>, {
    get(decoded, name) {
      if (typeof name !== "string" || hasOwn(decoded, name)) return decoded[name as string];
      const start = packed.startsWith(`${name} `) ? 0 : packed.indexOf(`\n${name} `) + 1;
      if (!start && !packed.startsWith(`${name} `)) return undefined;
      const end = packed.indexOf("\n", start);
      return (decoded[name] = JSON.parse(packed.slice(start + name.length + 1, end < 0 ? undefined : end)));
    },
  });
}

/** A scope's parameter metadata, loaded once per registry on first use (a failed load is retried); needs `loadParams`. */
export function scopeParams(registry: Registry, scope: string): Lazy<ScopeParams> {
  const params = state(registry).params;
  let chunk = params.get(scope);
  if (!chunk)
    params.set(
      scope,
      (chunk = lazy(async () => {
        const loaded = (await registry.loadParams!(scope)).params;
        return typeof loaded === "string" ? paramTable(loaded) : loaded;
      })),
    );
  return chunk;
}

/** The parameter metadata of `scope.name` (empty when the registry has none). */
export async function loadParams(registry: Registry, scope: string, name: string): Promise<readonly ParamMeta[]> {
  if (!registry.loadParams) return [];
  const chunk = scopeParams(registry, scope);
  return (chunk.value ?? (await chunk()))[name] ?? [];
}

/** The scope's deprecated names (old name → `"scope.method"`), decoded against the registry's names on first use if packed. */
export function aliasTable(registry: Registry, scope: string): Record<string, string> {
  const given = own(registry.aliases, scope);
  if (typeof given !== "function") return given ?? {};
  const decoded = state(registry).aliases;
  let table = decoded.get(scope);
  if (!table) decoded.set(scope, (table = given((name) => scopeNames(registry, name))));
  return table;
}

/** `"scope.method"` an old name stands for, if the (loaded) alias table has it. */
export function aliasTarget(registry: Registry, scope: string, name: string): string | undefined {
  const table = aliasTable(registry, scope);
  return own(table, name);
}

/** An old name's entry in one of the legacy tables (`aliases`, `legacyRoutes`, `removed`, `legacyParams`). */
export function lookup<T = string>(
  tables: Record<string, Record<string, T>> | undefined,
  scope: string,
  name: string,
): T | undefined {
  return own(own(tables, scope), name);
}

/** Route → method name, per decoded scope table (built on a route lookup's first look at it). */
const byRoute = new WeakMap<ScopeRoutes, Map<string, string>>();

/**
 * The operation (`"orgs.get"`) whose route is `route` (`"GET /orgs/{org}"`), among the scopes
 * whose routes are inline or already loaded: a lookup loads no chunk (a browser's lazy
 * registry answers for the scopes its calls have loaded). `undefined` when none has it.
 */
export function findOperation(registry: Registry, route: string): string | undefined {
  for (const scope of registryScopes(registry)) {
    const routes = loadedRoutes(registry, scope);
    if (!routes) continue;
    let index = byRoute.get(routes);
    if (!index) {
      byRoute.set(routes, (index = new Map()));
      for (const name of Object.keys(routes)) if (!index.has(routes[name]![0])) index.set(routes[name]![0], name);
    }
    const name = index.get(route);
    if (name !== undefined) return `${scope}.${name}`;
  }
  return undefined;
}
