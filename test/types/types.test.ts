import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";

// The type tests in test/types/*.ts: correct calls type-check, and every
// `@ts-expect-error` (a wrong parameter name, a missing required parameter, a misspelt
// response field, an unknown option…) must meet a type error, or tsc fails.
test("tsc -p test/types passes (positive uses compile, negatives are type errors)", () => {
  const result = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "test/types/tsconfig.json"], { encoding: "utf8" });
  assert.is(result.stdout + result.stderr, "");
  assert.is(result.status, 0);
});

test.run();
