import type { ParamMeta, RouteEntry, ScopeParams, ScopeRoutes } from "../../kernel/index.js";

/**
 * A route registry as `definitions/` generates it (or as a user writes one): method names
 * per scope, and routes either statically (`routes`) or through per-scope `loaders`.
 */
export interface Registry {
  /** Label for messages, e.g. `"api.github.com"`, `"ghes-3.17"`. */
  deployment?: string;
  /** Method names per scope: comma-joined, or front-coded as definitions/ generates them (`|…`); by default the keys of `routes`. */
  names?: Record<string, string>;
  /** Every scope's routes, loaded already (Node). */
  routes?: Record<string, ScopeRoutes>;
  /** Load one scope's routes (browsers: one chunk per scope). */
  load?: (scope: string) => Promise<{ routes: ScopeRoutes }>;
  /** Load one scope's parameter metadata, for the validate plugin. */
  loadParams?: (scope: string) => Promise<{ params: ScopeParams }>;
  /**
   * Deprecated names: old scope → old name → `"scope.method"`. The Node preset includes
   * them; in browsers, `await loadAliases()` from the definitions and pass `aliases` in.
   */
  aliases?: Record<string, Record<string, string>>;
  /** @octokit/rest v15/v16 names sent to their old route: old scope → old name → route (`legacyRoutes` of aliases.ts). */
  legacyRoutes?: Record<string, Record<string, string>>;
  /** @octokit/rest v15/v16 names of removed endpoints: old scope → old name → error message (`removed` of aliases.ts). */
  removed?: Record<string, Record<string, string>>;
}

const { hasOwn } = Object;
/** Parsed names and loaded chunks, per registry object (shared data, not per-client state). */
const cache = new WeakMap<
  Registry,
  { names: Map<string, readonly string[]>; routes: Map<string, ScopeRoutes>; params: Map<string, Promise<ScopeParams>> }
>();

function state(registry: Registry) {
  let entry = cache.get(registry);
  if (!entry) cache.set(registry, (entry = { names: new Map(), routes: new Map(), params: new Map() }));
  return entry;
}

const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Decode a name list: plain `a,b,c`, or front-coded `|` + per name one digit of characters shared with the previous name, then the rest. */
export function unpackNames(list: string): string[] {
  if (list[0] !== "|") return list ? list.split(",") : [];
  let previous = "";
  return list
    .slice(1)
    .split(",")
    .map((packed) => (previous = previous.slice(0, PREFIX_DIGITS.indexOf(packed[0] as string)) + packed.slice(1)));
}

/** Every scope the registry names (or has routes for). */
export function registryScopes(registry: Registry): string[] {
  return [
    ...new Set([
      ...Object.keys(registry.names ?? {}),
      ...Object.keys(registry.routes ?? {}),
      ...Object.keys(registry.aliases ?? {}),
      ...Object.keys(registry.legacyRoutes ?? {}),
      ...Object.keys(registry.removed ?? {}),
    ]),
  ];
}

/** The scope's method names (empty when the registry has no such scope). */
export function scopeNames(registry: Registry, scope: string): readonly string[] {
  const names = state(registry).names;
  let list = names.get(scope);
  if (!list) {
    const packed = registry.names && hasOwn(registry.names, scope) ? registry.names[scope] : undefined;
    const routes = registry.routes && hasOwn(registry.routes, scope) ? registry.routes[scope] : undefined;
    names.set(scope, (list = packed !== undefined ? unpackNames(packed) : routes ? Object.keys(routes) : []));
  }
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
    routes = (await registry.load!(scope)).routes;
    state(registry).routes.set(scope, routes);
  }
  return routes[name] as RouteEntry;
}

/** The parameter metadata of `scope.name` (empty when the registry has none). */
export async function loadParams(registry: Registry, scope: string, name: string): Promise<readonly ParamMeta[]> {
  if (!registry.loadParams) return [];
  const params = state(registry).params;
  let pending = params.get(scope);
  if (!pending) params.set(scope, (pending = registry.loadParams(scope).then((module) => module.params)));
  return (await pending)[name] ?? [];
}

/** `"scope.method"` an old name stands for, if the (loaded) alias table has it. */
export function aliasTarget(registry: Registry, scope: string, name: string): string | undefined {
  return lookup(registry.aliases, scope, name);
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
