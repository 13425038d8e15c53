import type { ParamMeta, RouteEntry, ScopeParams, ScopeRoutes } from "../../kernel/index.js";

/**
 * A route registry as `definitions/` generates it (or as a user writes one): method names
 * per scope, and routes either statically (`routes`) or through per-scope `loaders`.
 */
export interface Registry {
  /** Label for messages, e.g. `"api.github.com"`, `"ghes-3.17"`. */
  deployment?: string;
  /** Method names per scope, comma-joined. */
  names: Record<string, string>;
  /** Every scope's routes, loaded already (Node). */
  routes?: Record<string, ScopeRoutes>;
  /** Per-scope route loaders (browsers: one chunk per scope). */
  loaders?: Record<string, () => Promise<{ routes: ScopeRoutes }>>;
  /** Per-scope parameter metadata loaders, for the validate plugin. */
  paramLoaders?: Record<string, () => Promise<{ params: ScopeParams }>>;
  /** Deprecated names: old scope → old name → `"scope.method"`. */
  aliases?: Record<string, Record<string, string>>;
  /** The alias table, loaded on demand (browsers). */
  loadAliases?: () => Promise<{ aliases: Record<string, Record<string, string>> }>;
}

const { hasOwn } = Object;
/** Parsed names and loaded chunks, per registry object (shared data, not per-client state). */
const cache = new WeakMap<Registry, { names: Map<string, readonly string[]>; routes: Map<string, ScopeRoutes>; params: Map<string, Promise<ScopeParams>> }>();

function state(registry: Registry) {
  let entry = cache.get(registry);
  if (!entry) cache.set(registry, (entry = { names: new Map(), routes: new Map(), params: new Map() }));
  return entry;
}

/** The scope's method names (empty when the registry has no such scope). */
export function scopeNames(registry: Registry, scope: string): readonly string[] {
  const names = state(registry).names;
  let list = names.get(scope);
  if (!list) names.set(scope, (list = hasOwn(registry.names, scope) ? (registry.names[scope] as string).split(",") : []));
  return list;
}

/** The scope's routes if available synchronously. */
export function loadedRoutes(registry: Registry, scope: string): ScopeRoutes | undefined {
  return registry.routes?.[scope] ?? state(registry).routes.get(scope);
}

/** The route entry of `scope.name`, loading the scope's chunk if needed. */
export async function loadEntry(registry: Registry, scope: string, name: string): Promise<RouteEntry> {
  let routes = loadedRoutes(registry, scope);
  if (!routes) {
    routes = (await registry.loaders![scope]!()).routes;
    state(registry).routes.set(scope, routes);
  }
  return routes[name] as RouteEntry;
}

/** The parameter metadata of `scope.name` (empty when the registry has none). */
export async function loadParams(registry: Registry, scope: string, name: string): Promise<readonly ParamMeta[]> {
  const loader = registry.paramLoaders?.[scope];
  if (!loader) return [];
  const params = state(registry).params;
  let pending = params.get(scope);
  if (!pending) params.set(scope, (pending = loader().then((module) => module.params)));
  return (await pending)[name] ?? [];
}

/** `"scope.method"` an old name stands for, if the (loaded) alias table has it. */
export function aliasTarget(registry: Registry, scope: string, name: string): string | undefined {
  const table = registry.aliases?.[scope];
  return table && hasOwn(table, name) ? table[name] : undefined;
}
