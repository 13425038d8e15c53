import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import type { Fixture } from "./types.js";

/**
 * Where the bundled route table lives, next to this module's folder: from the sources
 * (test/server) test/fixtures/github-api.json; from a build dist/esm/test/fixtures/github-api.json.br,
 * which build/per-file.mjs writes there once, brotli-compressed (595 kB → about 60 kB of the
 * installed package; the Node bundle's copy of this module reads it there too).
 */
export function defaultFixturePath(): string {
  const plain = fileURLToPath(new URL("../fixtures/github-api.json", import.meta.url));
  return existsSync(plain) ? plain : `${plain}.br`;
}

/** A fixture file's text; a `.br` file is brotli-compressed JSON. */
function readFixture(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith(".br") ? brotliDecompressSync(bytes) : bytes).toString("utf8");
}

/** Read and check a fixture file; the error names the file and how to regenerate it. */
export function loadFixture(path: string = defaultFixturePath()): Fixture {
  let fixture: Fixture;
  try {
    fixture = JSON.parse(readFixture(path)) as Fixture;
  } catch (error) {
    throw new Error(
      `forgekit/testing: cannot read the route table ${path} (${(error as Error).message}). Regenerate it with \`node --import ./test/helpers/register.mjs test/fixtures/generate-github-api.ts\` or pass { fixture }.`,
      { cause: error },
    );
  }
  if (!Array.isArray(fixture.routes) || !Array.isArray(fixture.examples) || !Array.isArray(fixture.shared)) {
    throw new Error(`forgekit/testing: ${path} is not a route table (routes, examples and shared arrays expected).`);
  }
  return fixture;
}
