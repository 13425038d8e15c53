// forgekit/webhooks under Bun and Deno: signatures agree with @octokit/webhooks-methods in
// Node, and createWebMiddleware answers standard Request objects. Run `node build.mjs` first.
import { spawnSync } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { sign } from "@octokit/webhooks-methods";

const root = new URL("../../", import.meta.url).pathname;
const RUNTIMES = {
  bun: (args: string[]) => [`${root}node_modules/.bin/bun`, [`${root}test/runtimes/webhooks.mjs`, ...args]],
  // No network and no environment: the script needs neither.
  deno: (args: string[]) => [
    `${root}node_modules/.bin/deno`,
    ["run", "--no-prompt", "--allow-read", `${root}test/runtimes/webhooks.mjs`, ...args],
  ],
} as const;
const body = JSON.stringify({ action: "opened", issue: { number: 5, title: "héllo ✓" } });

for (const runtime of Object.keys(RUNTIMES) as (keyof typeof RUNTIMES)[]) {
  test(`${runtime}: forgekit/webhooks verifies and signs as webhooks-methods does; the web middleware answers`, async () => {
    const signature = await sign("runtime secret", body);
    const [command, args] = RUNTIMES[runtime](["forgekit/webhooks", body, signature]) as [string, string[]];
    const result = spawnSync(command, args, {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", DO_NOT_TRACK: "1", NO_COLOR: "1" },
    });
    assert.is(result.status, 0, `${runtime} exited ${result.status}: ${result.stderr}`);
    const out = JSON.parse(result.stdout.trim().split("\n").pop()!);
    assert.match(out.runtime, runtime);
    assert.is(out.verified, true);
    assert.is(out.signed, signature);
    assert.equal(out.good, { status: 200, text: "ok\n" });
    assert.is(out.bad.status, 400);
    assert.equal(out.handled, ["d-1 #5"]);
  });
}

test.run();
