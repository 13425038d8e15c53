// The TypeScript floor (README, "TypeScript"): the built declarations are read by 4.9 and by
// the pinned compiler, from an ES module and from CommonJS. Two consumers of the package,
// importing "forgekit" by name with lib checking on, type-check with both:
// test/types/floor/consumer.ts (an ES module, `import`) and consumer.cts (CommonJS, `require`,
// whose declarations must all be CommonJS for 4.9: build/per-file.mjs). Run `node build.mjs` first.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const compilers = { "4.9": "node_modules/ts-4.9/bin/tsc", pinned: "node_modules/typescript/bin/tsc" };
const consumers = {
  "an ES module consumer": { project: "test/types/floor/tsconfig.json", reads: ["dist/esm/plugins/presets/full.d.ts"] },
  "a CommonJS consumer": {
    project: "test/types/floor/tsconfig.cjs.json",
    // The "require" declarations of each entry it imports: "forgekit", core, a plugin, testing.
    reads: [
      "dist/cjs/index.d.cts",
      "dist/cjs/kernel/index.d.cts",
      "dist/cjs/plugins/otel/index.d.cts",
      "dist/cjs/test/server/index.d.cts",
    ],
  },
};

for (const [name, tsc] of Object.entries(compilers)) {
  test(`TypeScript ${name} is the version it stands for`, () => {
    const version = spawnSync(process.execPath, [tsc, "--version"], { encoding: "utf8" }).stdout;
    assert.match(version, name === "4.9" ? /^Version 4\.9\./ : /^Version 6\.0\./);
  });
  for (const [consumer, { project, reads }] of Object.entries(consumers)) {
    test(`TypeScript ${name} type-checks ${consumer} of the built package`, () => {
      const result = spawnSync(process.execPath, [tsc, "-p", project, "--listFiles"], { encoding: "utf8" });
      const files = result.stdout.split("\n").filter((line) => line.startsWith("/"));
      const diagnostics = result.stdout.split("\n").filter((line) => line && !line.startsWith("/"));
      assert.equal(diagnostics, []);
      assert.is(result.stderr, "");
      assert.is(result.status, 0);
      for (const file of reads) assert.ok(files.includes(`${process.cwd()}/${file}`), `${file} was not read`);
    });
  }
}

test("older compilers are pointed at a declaration that names the floor", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { typesVersions: Record<string, unknown> };
  assert.equal(Object.keys(pkg.typesVersions)[0], "<4.9");
  assert.match(readFileSync("dist/typescript-4.9-or-later.d.ts", "utf8"), /TypeScript 4\.9 or later/);
});

test.run();
