import { readFileSync } from "node:fs";
import type { OperationData } from "./registry.js";

// A deployment's data file, `definitions/<deployment>/data.txt` (definitions/generate/data.mjs
// writes it): read once into a Buffer, which lives outside the JS heap, and decoded one scope's
// string at a time, on demand, for the caller to keep only the operation it needs. Node only.

const { hasOwn } = Object;

/** The data of a file's bytes: a JSON index line `{ scope: [routes, params, end] }` (byte offsets after it), then the blocks. */
function parse(bytes: Buffer): OperationData {
  const newline = bytes.indexOf(10);
  const index = JSON.parse(bytes.toString("utf8", 0, newline)) as Record<string, [number, number, number]>;
  const body = newline + 1;
  const block = (scope: string, part: 0 | 1) => {
    if (!hasOwn(index, scope)) return undefined;
    const offsets = index[scope]!;
    // Routes end where the parameters start, less the newline between them.
    return bytes.toString("utf8", body + offsets[part], body + offsets[part + 1]! - 1 + part);
  };
  return { scopes: Object.keys(index), routes: (scope) => block(scope, 0), params: (scope) => block(scope, 1) };
}

/**
 * The `operations` of a Node registry (definitions/decode/registry.ts): `deployment`'s data file,
 * read on the first call. `undefined` when it cannot be read (a program bundled without it, or a
 * build whose modules have no file URL): the registry's `routes`, `load` and `loadParams` serve.
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
