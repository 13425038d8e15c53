// The TypeScript floor (README, "TypeScript"): the built declarations are read by 4.9 and by
// the pinned compiler. A consumer of the package (test/types/floor/consumer.ts, importing
// "forgekit" by name, lib checking on) type-checks with both. Run `node build.mjs` first.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const compilers = { "4.9": "node_modules/ts-4.9/bin/tsc", pinned: "node_modules/typescript/bin/tsc" };

for (const [name, tsc] of Object.entries(compilers)) {
  test(`TypeScript ${name} type-checks a consumer of the built package`, () => {
    const version = spawnSync(process.execPath, [tsc, "--version"], { encoding: "utf8" }).stdout;
    assert.match(version, name === "4.9" ? /^Version 4\.9\./ : /^Version \d+\./);
    const result = spawnSync(process.execPath, [tsc, "-p", "test/types/floor/tsconfig.json"], { encoding: "utf8" });
    assert.is(result.stdout + result.stderr, "");
    assert.is(result.status, 0);
  });
}

test("older compilers are pointed at a declaration that names the floor", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { typesVersions: Record<string, unknown> };
  assert.equal(Object.keys(pkg.typesVersions)[0], "<4.9");
  assert.match(readFileSync("dist/typescript-4.9-or-later.d.ts", "utf8"), /TypeScript 4\.9 or later/);
});

test.run();
