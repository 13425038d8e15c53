import {
  lazy,
  ParameterError,
  type ParamMeta,
  type RouteEntry,
  type ScopeParams,
  type ScopeRoutes,
} from "../../kernel/index.js";
import type { Lazy } from "../../kernel/index.js";
import {
  decodePaths,
  decodeScope,
  packedNames,
  paramsLine,
  trieEntry,
  unpackNames,
} from "../../definitions/decode/trie.js";
import type { OperationData, Registry } from "../../definitions/decode/registry.js";

// The registry's shape and its data's decoders are definitions/'s (definitions/decode/): this
// module keeps what a registry has decoded and loaded, per registry object.
export type { Registry } from "../../definitions/decode/registry.js";
export { decodeScope, unpackNames };

const { hasOwn } = Object;
/** Parsed names and loaded chunks, per registry object (shared data, not per-client state). */
const cache = new WeakMap<
  Registry,
  {
    names: Map<string, readonly string[]>;
    /** Whole scopes decoded (a lookup by route, a table given or loaded, a `paths` chunk). */
    routes: Map<string, ScopeRoutes>;
    /** Operations decoded one at a time from a packed scope, per scope. */
    entries: Map<string, Map<string, RouteEntry>>;
    /** Packed scopes loaded by `load`, kept packed: each operation is decoded on its first use. */
    packed: Map<string, string>;
    /** Decoded alias tables, per old scope. */
    aliases: Map<string, Record<string, string>>;
    /** One lazy load per scope: a failed chunk load is retried by the next call. */
    chunks: Map<string, Lazy<void>>;
    params: Map<string, Lazy<ScopeParams>>;
  }
>();

function state(registry: Registry) {
  let entry = cache.get(registry);
  if (!entry)
    cache.set(
      registry,
      (entry = {
        names: new Map(),
        routes: new Map(),
        entries: new Map(),
        packed: new Map(),
        aliases: new Map(),
        chunks: new Map(),
        params: new Map(),
      }),
    );
  return entry;
}

/** The registry's data outside the JS heap, if it has some and it can be read. */
const dataOf = (registry: Registry): OperationData | undefined => registry.operations?.();

/** The routes `registry.routes` gives a scope (a table or a packed string). */
const givenRoutes = (registry: Registry, scope: string) =>
  registry.routes && hasOwn(registry.routes, scope) ? registry.routes[scope] : undefined;

/** A scope's packed routes available without loading (given inline, loaded, or in the data outside the heap). */
function packedRoutes(registry: Registry, scope: string): string | undefined {
  const given = givenRoutes(registry, scope);
  if (typeof given === "string") return given;
  if (given) return undefined;
  return state(registry).packed.get(scope) ?? dataOf(registry)?.routes(scope);
}

/** Every scope the registry names (or has routes for). */
export function registryScopes(registry: Registry): string[] {
  return [
    ...new Set([
      ...Object.keys(registry.names ?? {}),
      ...(registry.scopes ?? []),
      ...Object.keys(registry.routes ?? {}),
      ...(dataOf(registry)?.scopes ?? []),
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
    const packed = registry.names && hasOwn(registry.names, scope) ? registry.names[scope] : undefined;
    const routes = givenRoutes(registry, scope);
    const table = routes && typeof routes !== "string" ? routes : loaded.get(scope);
    const trie = table ? undefined : packedRoutes(registry, scope);
    list =
      packed !== undefined
        ? unpackNames(packed)
        : table
          ? Object.keys(table)
          : trie !== undefined
            ? packedNames(trie)
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

/** Remember a loaded chunk: a packed scope stays packed (decoded per operation), a table or `paths` is decoded whole. */
function keep(registry: Registry, scope: string, chunk: { routes: ScopeRoutes | string } | { paths: string }): void {
  const { packed, routes } = state(registry);
  if ("paths" in chunk) routes.set(scope, pathsTable(registry, scope, chunk.paths));
  else if (typeof chunk.routes === "string") packed.set(scope, chunk.routes);
  else routes.set(scope, chunk.routes);
}

/**
 * The route entry of `scope.name` if the scope's routes are available without loading (inline,
 * loaded, or in the registry's data outside the heap), decoding that operation alone on its
 * first use; `undefined` when the scope has not loaded or has no such operation.
 */
export function routeOf(registry: Registry, scope: string, name: string): RouteEntry | undefined {
  const { routes, entries } = state(registry);
  const table = routes.get(scope) ?? givenRoutes(registry, scope);
  if (table && typeof table !== "string") return hasOwn(table, name) ? table[name] : undefined;
  let decoded = entries.get(scope);
  const known = decoded?.get(name);
  if (known) return known;
  const packed = packedRoutes(registry, scope);
  const entry = packed === undefined ? undefined : trieEntry(packed, name);
  if (entry) {
    if (!decoded) entries.set(scope, (decoded = new Map()));
    decoded.set(name, entry);
  }
  return entry;
}

/** Whether the scope's routes are available without loading a chunk. */
const routesAvailable = (registry: Registry, scope: string): boolean =>
  state(registry).routes.has(scope) ||
  givenRoutes(registry, scope) !== undefined ||
  state(registry).packed.has(scope) ||
  !!dataOf(registry)?.scopes.includes(scope);

/**
 * The scope's routes, every operation decoded (a lookup by route, the CLI's listings), if
 * available without loading; `undefined` otherwise. A method's call decodes its operation
 * alone (routeOf).
 */
export function loadedRoutes(registry: Registry, scope: string): ScopeRoutes | undefined {
  const { routes } = state(registry);
  const loaded = routes.get(scope);
  if (loaded) return loaded;
  const given = givenRoutes(registry, scope);
  const packed = typeof given === "string" || !given ? packedRoutes(registry, scope) : undefined;
  const table = packed !== undefined ? decodeScope(packed) : given && typeof given !== "string" ? given : undefined;
  if (table) routes.set(scope, table);
  return table;
}

/** The route entry of `scope.name`, loading the scope's chunk if needed (`undefined`: no such operation). */
export async function loadEntry(registry: Registry, scope: string, name: string): Promise<RouteEntry> {
  if (!routesAvailable(registry, scope)) {
    const chunks = state(registry).chunks;
    let chunk = chunks.get(scope);
    if (!chunk) chunks.set(scope, (chunk = lazy(async () => keep(registry, scope, await registry.load!(scope)))));
    await chunk();
  }
  return routeOf(registry, scope, name) as RouteEntry;
}

/**
 * Parameter metadata as a table whose methods are decoded on their first read, from a packed
 * scope (one `<name> <json>` line per method) or from the registry's data outside the heap: a
 * program holds the metadata of the methods it calls, not of their whole scope.
 */
function paramTable(packed: () => string | undefined): ScopeParams {
  return new Proxy({} as Record<string, readonly ParamMeta[]>, {
    get(decoded, name) {
      if (typeof name !== "string" || hasOwn(decoded, name)) return decoded[name as string];
      const text = packed();
      const found = text === undefined ? undefined : paramsLine(text, name);
      if (found) decoded[name] = found;
      return found;
    },
  });
}

/**
 * Whether the registry has parameter metadata: `loadParams` says so (its data outside the heap,
 * `operations`, then serves it in place of the chunks).
 */
export const hasParams = (registry: Registry): boolean => !!registry.loadParams;

/** A scope's parameter metadata, loaded once per registry on first use (a failed load is retried); needs hasParams. */
export function scopeParams(registry: Registry, scope: string): Lazy<ScopeParams> {
  const params = state(registry).params;
  let chunk = params.get(scope);
  if (!chunk) {
    const data = registry.loadParams && dataOf(registry);
    if (data || !registry.loadParams) {
      // Outside the heap (or none at all): ready now, each method read on its first use.
      const table = paramTable(() => data?.params(scope));
      chunk = Object.assign(() => Promise.resolve(table), { value: table });
    } else
      chunk = lazy(async () => {
        const loaded = (await registry.loadParams!(scope)).params;
        return typeof loaded === "string" ? paramTable(() => loaded) : loaded;
      });
    params.set(scope, chunk);
  }
  return chunk;
}

/** The parameter metadata of `scope.name` (empty when the registry has none). */
export async function loadParams(registry: Registry, scope: string, name: string): Promise<readonly ParamMeta[]> {
  if (!hasParams(registry)) return [];
  const chunk = scopeParams(registry, scope);
  return (chunk.value ?? (await chunk()))[name] ?? [];
}

/** The scope's deprecated names (old name → `"scope.method"`), decoded against the registry's names on first use if packed. */
export function aliasTable(registry: Registry, scope: string): Record<string, string> {
  const given = registry.aliases && hasOwn(registry.aliases, scope) ? registry.aliases[scope] : undefined;
  if (typeof given !== "function") return given ?? {};
  const decoded = state(registry).aliases;
  let table = decoded.get(scope);
  if (!table) decoded.set(scope, (table = given((name) => scopeNames(registry, name))));
  return table;
}

/** `"scope.method"` an old name stands for, if the (loaded) alias table has it. */
export function aliasTarget(registry: Registry, scope: string, name: string): string | undefined {
  const table = aliasTable(registry, scope);
  return hasOwn(table, name) ? table[name] : undefined;
}

/** An old name's entry in one of the legacy tables (`aliases`, `legacyRoutes`, `removed`). */
export function lookup(
  tables: Record<string, Record<string, string>> | undefined,
  scope: string,
  name: string,
): string | undefined {
  const table = tables && hasOwn(tables, scope) ? tables[scope] : undefined;
  return table && hasOwn(table, name) ? table[name] : undefined;
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
