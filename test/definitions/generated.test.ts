import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";

// definitions/ and types/ are generated and committed: regenerating from the pinned
// @octokit/openapi must not change them.
test("node build.mjs generate --check: committed definitions/ and types/ are up to date", () => {
  const result = spawnSync(process.execPath, ["build.mjs", "generate", "--check"], { encoding: "utf8" });
  assert.is(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /files up to date/);
});

test.run();
