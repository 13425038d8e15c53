// VERSION comes from package.json through the build's `define` (build/files.mjs): every build
// of the kernel carries it, and none is left with the placeholder. Run `node build.mjs` first.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url);
const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));

test("package.json's version in dist/node, dist/esm and dist/cjs", async () => {
  assert.match(version, /^\d+\.\d+\.\d+/);
  assert.is((await import("forgekit")).VERSION, version, "dist/node (import)");
  assert.is((await import(new URL("dist/esm/kernel/index.js", root).href)).VERSION, version, "dist/esm");
  assert.is(createRequire(import.meta.url)("forgekit/core").VERSION, version, "dist/cjs (require)");
});

test("package.json's version in both browser builds, no placeholder left", () => {
  for (const file of ["dist/browser/forgekit.js", "dist/browser/forgekit.mjs"]) {
    const names = file.endsWith(".mjs") ? [file, ...chunks()] : [file];
    const code = names.map((name) => readFileSync(new URL(name, root), "utf8")).join("\n");
    assert.ok(code.includes(JSON.stringify(version)), file);
    assert.not.match(code, "FORGEKIT_VERSION", file);
  }
});

/** dist/browser's ES module files, from the build's manifest. */
function chunks() {
  const manifest = JSON.parse(readFileSync(new URL("dist/browser/chunks.json", root), "utf8"));
  return Object.keys(manifest).map((file) => `dist/browser/${file}`);
}

test.run();
