import {
  lazy,
  ParameterError,
  type ParamMeta,
  type RouteEntry,
  type ScopeParams,
  type ScopeRoutes,
} from "../../kernel/index.js";
import type { Lazy } from "../../kernel/index.js";
import type { AliasDecoder } from "./aliases.js";

/**
 * A route registry as `definitions/` generates it (or as a user writes one): method names
 * per scope, and routes either statically (`routes`) or through per-scope `loaders`.
 */
export interface Registry<D extends string = string> {
  /** Label for messages, e.g. `"api.github.com"`, `"ghes-3.17"`; a generated one's name also selects its types. */
  deployment?: D;
  /** Method names per scope: comma-joined, or front-coded as definitions/ generates them (`|…`); by default the names in `routes`. */
  names?: Record<string, string>;
  /**
   * Scopes whose method names come with their routes from `load` (a packed scope holds them):
   * the entry of a split build then carries no method name. Until a scope loads, any name of
   * it is a method that loads the scope on its first call (and rejects if the scope has no such
   * method, naming the closest one); `Object.keys` lists the scope's names once it has loaded.
   */
  scopes?: readonly string[];
  /**
   * Every scope's routes, loaded already: a `{ name: [route, defaults?, extra?] }` table, or the
   * packed string definitions/ generates (decoded on the scope's first use; the format is described in
   * definitions/generate/pack.mjs).
   */
  routes?: Record<string, ScopeRoutes | string>;
  /**
   * Load one scope's routes (browsers: one chunk per scope): a table or packed string (names
   * included), or `paths`, packed route lines without names, decoded against the scope's `names`
   * (GHEC's and GHES's definitions/ load these).
   */
  load?: (scope: string) => Promise<{ routes: ScopeRoutes | string } | { paths: string }>;
  /** Load one scope's parameter metadata: endpoint methods check their parameters against it. */
  loadParams?: (scope: string) => Promise<{ params: ScopeParams | string }>;
  /**
   * `false`: endpoint methods send parameters unchecked though `loadParams` is given (the
   * drop-in `Octokit`, as @octokit/rest does); the metadata still serves paginate's page size.
   * Default true.
   */
  checks?: boolean;
  /**
   * Deprecated names: old scope → old name → `"scope.method"`, or per old scope a decoder of the
   * packed form definitions/ generates (it refers to this registry's names by index; see
   * plugins/endpoints/aliases.ts), called on the scope's first unknown name.
   * The Node preset includes them; in browsers, `await loadAliases()` from the definitions and
   * pass `aliases` in.
   */
  aliases?: Record<string, Record<string, string> | AliasDecoder>;
  /** @octokit/rest v15/v16 names sent to their old route: old scope → old name → route (`legacyRoutes` of aliases.ts). */
  legacyRoutes?: Record<string, Record<string, string>>;
  /** @octokit/rest v15/v16 names of removed endpoints: old scope → old name → error message (`removed` of aliases.ts). */
  removed?: Record<string, Record<string, string>>;
}

const { hasOwn } = Object;
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

const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const VERBS: Record<string, string> = { G: "GET", P: "POST", U: "PUT", A: "PATCH", D: "DELETE", H: "HEAD" };
const PATHS: Record<string, string> = { "~": "/repos/{owner}/{repo}", "^": "/orgs/{org}" };

/** Undo front-coding: one digit of characters shared with the previous name, then the rest. */
function unfront(items: string[]): string[] {
  let previous = "";
  return items.map(
    (packed) => (previous = previous.slice(0, PREFIX_DIGITS.indexOf(packed[0] as string)) + packed.slice(1)),
  );
}

/** Decode a name list: plain `a,b,c`, or front-coded `|` + per name one digit of characters shared with the previous name, then the rest. */
export function unpackNames(list: string): string[] {
  if (list[0] !== "|") return list ? list.split(",") : [];
  return unfront(list.slice(1).split(","));
}

/**
 * A packed scope (definitions/generate/pack.mjs writes it) as `[name, line]` pairs sorted by
 * name, `line` being `<verb letter><path>[ <json>]` as `paths` chunks hold it. The packed form
 * is a path trie, one line per path, `<digit of characters shared with the previous path><rest>`,
 * each followed by its operations, ` <verb letter><name>[ <json [defaults|0, extra?]>]`.
 */
function trieLines(packed: string): [string, string][] {
  const pairs: [string, string][] = [];
  let path = "";
  for (const line of packed ? packed.split("\n") : []) {
    const end = line.indexOf(" ", 2);
    if (line[0] !== " ") path = path.slice(0, PREFIX_DIGITS.indexOf(line[0] as string)) + line.slice(1);
    else pairs.push([line.slice(2, end < 0 ? undefined : end), line[1] + path + (end < 0 ? "" : line.slice(end))]);
  }
  return pairs.sort(([a], [b]) => (a < b ? -1 : 1));
}

/** Decode a packed scope (a path trie: trieLines): `name → [route, defaults?, extra?]`, names sorted. */
export function decodeScope(packed: string): ScopeRoutes {
  const pairs = trieLines(packed);
  return decodePaths(
    pairs.map((pair) => pair[0]),
    pairs.map((pair) => pair[1]),
  );
}

/** Decode packed lines without names (`<verb letter><path>[ <json>]`), the i-th being `names[i]`'s route. */
function decodePaths(names: readonly string[], lines: readonly string[]): ScopeRoutes {
  const routes: Record<string, RouteEntry> = {};
  lines.forEach((line, index) => {
    const end = line.indexOf(" ");
    const path = line.slice(1, end < 0 ? undefined : end);
    const route = `${VERBS[line[0] as string]} ${(PATHS[path[0] as string] ?? path[0]) + path.slice(1)}`;
    routes[names[index] as string] = end < 0 ? [route] : [route, ...(JSON.parse(line.slice(end + 1)) as [0])];
  });
  return routes;
}

/** Names of a packed scope, sorted, without decoding its routes. */
const packedNames = (packed: string) => trieLines(packed).map((pair) => pair[0]);

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
    const packed = registry.names && hasOwn(registry.names, scope) ? registry.names[scope] : undefined;
    const routes = registry.routes && hasOwn(registry.routes, scope) ? registry.routes[scope] : undefined;
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
  const routes = registry.routes && hasOwn(registry.routes, scope) ? registry.routes[scope] : undefined;
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
