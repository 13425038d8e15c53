import { readFileSync } from "node:fs";
import type { ParamMeta, RouteEntry, ScopeParams, ScopeRoutes } from "../../kernel/index.js";
import type { Registry } from "./registry.js";
import { packedNames, paramsLine, trieEntry } from "./trie.js";

// A deployment's data file, `definitions/<deployment>/data.txt` (definitions/generate/pack.mjs,
// packDataFile, writes it): read once into a Buffer, which lives outside the JS heap; an
// operation's route and parameters are decoded from it on their first use, and only they are
// kept. Node only: the Node preset's registry (plugins/presets/registry.ts) takes its `routes`
// and `loadParams` from here.

const { hasOwn } = Object;

/** A deployment's data, one operation at a time. */
export interface OperationData {
  /** The scopes the data holds. */
  scopes: readonly string[];
  /** One operation's `[route, defaults?, extra?]`, decoded on its first use (then the same array); `undefined` for none. */
  route(scope: string, name: string): RouteEntry | undefined;
  /** One method's parameter metadata; `undefined` for no such method. */
  params(scope: string, name: string): readonly ParamMeta[] | undefined;
  /** A scope's packed routes (definitions/generate/pack.mjs), a string made on each call. */
  routes(scope: string): string | undefined;
}

/** The data of a file's bytes: a JSON index line `{ scope: [routes, params, end] }` (byte offsets after it), then the blocks. */
function parse(bytes: Buffer): OperationData {
  const newline = bytes.indexOf(10);
  const index = JSON.parse(bytes.toString("utf8", 0, newline)) as Record<string, [number, number, number]>;
  const body = newline + 1;
  // A scope's routes (part 0) or parameter lines (part 1), as a string made for this call: routes
  // end where the parameters start, less the newline between them.
  const block = (scope: string, part: 0 | 1) => {
    if (!hasOwn(index, scope)) return undefined;
    const offsets = index[scope]!;
    return bytes.toString("utf8", body + offsets[part], body + offsets[part + 1]! - 1 + part);
  };
  const entries = new Map<string, RouteEntry | undefined>();
  return {
    scopes: Object.keys(index),
    route(scope, name) {
      const key = `${scope}.${name}`;
      if (!entries.has(key)) {
        const packed = block(scope, 0);
        entries.set(key, packed === undefined ? undefined : trieEntry(packed, name));
      }
      return entries.get(key);
    },
    params(scope, name) {
      const packed = block(scope, 1);
      return packed === undefined ? undefined : paramsLine(packed, name);
    },
    routes: (scope) => block(scope, 0),
  };
}

/**
 * `deployment`'s data file, read on the first call; `undefined` when it cannot be read (a
 * program bundled without it, or a build whose modules have no file URL).
 */
export function dataFile(deployment: string): () => OperationData | undefined {
  let data: OperationData | null | undefined;
  return () => {
    if (data === undefined)
      try {
        data = parse(readFileSync(new URL(`../${deployment}/data.txt`, import.meta.url)));
      } catch {
        data = null;
      }
    return data ?? undefined;
  };
}

/** How each table reads its entries and lists its names (one handler serves every table). */
const sources = new WeakMap<object, { read: (name: string) => unknown; keys: () => string[] }>();

/** An entry of a table: decoded on its first read and kept. `then` and `paths` are no entry (a table is awaited and probed). */
function entry(kept: Record<string, unknown>, name: string | symbol): unknown {
  if (typeof name !== "string" || name === "then" || name === "paths" || hasOwn(kept, name))
    return kept[name as string];
  const value = sources.get(kept)!.read(name);
  if (value !== undefined) kept[name] = value;
  return value;
}

const handler: ProxyHandler<Record<string, unknown>> = {
  get: entry,
  has: (kept, name) => entry(kept, name) !== undefined,
  ownKeys: (kept) => sources.get(kept)!.keys(),
  getOwnPropertyDescriptor(kept, name) {
    const value = entry(kept, name);
    return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
  },
};

/** A table read one entry at a time from the data (`read`); `keys` lists the names (for a lookup by route or a listing). */
function table<T>(read: (name: string) => T | undefined, keys: () => string[]): Record<string, T> {
  const kept = {};
  sources.set(kept, { read, keys });
  return new Proxy(kept, handler) as Record<string, T>;
}

/**
 * The `routes` and `loadParams` of a Node registry whose data `read` gives (`dataFile(name)`).
 * Each of `scopes` is in `routes`: a table that decodes an operation on its first read, or, when
 * the data cannot be read, `undefined`, and then the registry's `load` serves the scope.
 * `loadParams` gives a table read from the data, or the chunk `chunks` loads.
 */
export function fromData(
  read: () => OperationData | undefined,
  scopes: readonly string[],
  chunks: NonNullable<Registry["loadParams"]>,
): Required<Pick<Registry, "routes" | "loadParams">> {
  const routes: Record<string, ScopeRoutes> = {};
  const params = new Map<string, ScopeParams>();
  for (const scope of scopes) {
    let kept: ScopeRoutes | undefined;
    Object.defineProperty(routes, scope, {
      enumerable: true,
      get() {
        const data = read();
        return (kept ??=
          data &&
          table(
            (name) => data.route(scope, name),
            () => packedNames(data.routes(scope) ?? ""),
          ));
      },
    });
  }
  return {
    routes,
    async loadParams(scope) {
      const data = read();
      if (!data) return chunks(scope);
      if (!params.has(scope))
        params.set(
          scope,
          table(
            (name) => data.params(scope, name),
            () => [],
          ),
        );
      return { params: params.get(scope)! };
    },
  };
}
