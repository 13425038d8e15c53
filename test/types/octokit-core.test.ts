// Issue 35, item 6: code typed against @octokit/core and @octokit/rest takes forgekit's
// `Octokit`. Consumers of the built package (test/types/floor/octokit-core.ts, .cts, .mts and
// octokit-node10.ts) pass `Octokit` and its `defaults()` subclass where @octokit/core 5, 6 and 7's `Octokit` is asked for (no TS2345), and import
// @octokit/rest's type names from the ES module and the CommonJS declarations; and
// (octokit-rest.ts) pass `Octokit` where @octokit/rest 20 and 22's whole `Octokit` is asked for, with
// TypeScript 4.9 and the pinned compiler. Run `node build.mjs` first.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";

const compilers = { "4.9": "node_modules/ts-4.9/bin/tsc", pinned: "node_modules/typescript/bin/tsc" };

function compile(tsc: string, project: string) {
  const result = spawnSync(process.execPath, [tsc, "-p", project, "--listFiles"], { encoding: "utf8" });
  const lines = result.stdout.split("\n");
  return {
    diagnostics: lines.filter((line) => line && !line.startsWith("/")),
    files: lines.filter((line) => line.startsWith("/")),
    status: result.status,
  };
}

for (const [name, tsc] of Object.entries(compilers)) {
  test(`TypeScript ${name}: Octokit passes as @octokit/core 5–7's, type names from .ts, .mts and .cts`, () => {
    const { diagnostics, files, status } = compile(tsc, "test/types/floor/tsconfig.octokit.json");
    assert.equal(diagnostics, []);
    assert.is(status, 0);
    for (const file of ["dist/esm/plugins/presets/full.d.ts", "dist/cjs/index.d.cts"])
      assert.ok(files.includes(`${process.cwd()}/${file}`), `${file} was not read`);
    // octokit-rest.ts: Octokit passes as @octokit/rest 20 and 22's whole `Octokit` type too.
    assert.ok(files.some((file) => file.includes("/octokit-rest-20/")), "@octokit/rest 20's declarations were not read");
  });
}

// A release-please-style project (TypeScript 4.9, `moduleResolution: node`, which 6.0
// deprecates): "forgekit" through package.json's "types", the CommonJS declarations.
test("TypeScript 4.9 with moduleResolution node: the type names, and Octokit as @octokit/core 5's", () => {
  const { diagnostics, files, status } = compile(compilers["4.9"], "test/types/floor/tsconfig.node.json");
  assert.equal(diagnostics, []);
  assert.is(status, 0);
  assert.ok(files.includes(`${process.cwd()}/dist/cjs/index.d.cts`));
});

test.run();
