import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Fixture } from "./types.js";

/**
 * This module's directory, in the ESM build (import.meta.url) and the CJS build (__dirname).
 * Source: test/server → the fixture is test/fixtures/github-api.json; built:
 * dist/{esm,cjs}/test/server → dist/{esm,cjs}/test/fixtures/github-api.json (copied by build.mjs).
 */
function moduleDir(): string {
  return typeof __dirname === "string" ? __dirname : fileURLToPath(new URL(".", import.meta.url));
}

/** Where the bundled route table lives. */
export function defaultFixturePath(): string {
  return join(moduleDir(), "..", "fixtures", "github-api.json");
}

/** Read and check a fixture file; the error names the file and how to regenerate it. */
export function loadFixture(path: string = defaultFixturePath()): Fixture {
  let fixture: Fixture;
  try {
    fixture = JSON.parse(readFileSync(path, "utf8")) as Fixture;
  } catch (error) {
    throw new Error(`forgekit/testing: cannot read the route table ${path} (${(error as Error).message}). Regenerate it with \`node --import ./test/helpers/register.mjs test/fixtures/generate-github-api.ts\` or pass { fixture }.`, { cause: error });
  }
  if (!Array.isArray(fixture.routes) || !Array.isArray(fixture.examples) || !Array.isArray(fixture.shared)) {
    throw new Error(`forgekit/testing: ${path} is not a route table (routes, examples and shared arrays expected).`);
  }
  return fixture;
}
