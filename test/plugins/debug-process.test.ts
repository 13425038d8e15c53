import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const test = suite("plugins: debug with DEBUG=forgekit:rest* in a child process");
const TOKEN = `ghp_${"Z9".repeat(18)}`;
const root = fileURLToPath(new URL("../..", import.meta.url));

/** Run test/helpers/debug-child.ts with `DEBUG` set; resolve to its stderr. */
function run(debugEnv: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "./test/helpers/register.mjs", "./test/helpers/debug-child.ts", TOKEN],
      {
        cwd: root,
        env: { ...process.env, DEBUG: debugEnv, DEBUG_COLORS: "0", NO_COLOR: "1" },
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

test("DEBUG=forgekit:rest*: request, response, error and plugin lines on stderr, with no credential", async () => {
  const { code, stderr } = await run("forgekit:rest*");
  assert.is(code, 0, stderr);
  const lines = stderr.trim().split("\n");
  assert.ok(
    lines.some((l) =>
      /forgekit:rest:request GET \/repos\/\{owner\}\/\{repo\} http:\/\/127\.0\.0\.1:\d+\/repos\/o\/r\?access_token=\[REDACTED\]/.test(
        l,
      ),
    ),
    stderr,
  );
  assert.ok(
    lines.some((l) =>
      /forgekit:rest:request GET \/repos\/\{owner\}\/\{repo\} → 200 in \d+ ms \(request id CAFE:0001, rate limit remaining 4999\)/.test(
        l,
      ),
    ),
    stderr,
  );
  assert.ok(
    lines.some((l) =>
      /forgekit:rest:request GET \/missing → 404 in \d+ ms \(request id CAFE:0002\) HttpError: /.test(l),
    ),
    stderr,
  );
  assert.ok(
    lines.some((l) => /forgekit:rest:auth exchanged ghp_\[REDACTED\] for an installation token/.test(l)),
    stderr,
  );
  assert.not.ok(stderr.includes(TOKEN.slice(4)), "the planted token appears in the debug output");
  assert.not.ok(/authorization/i.test(stderr), "no header other than request id and rate limit is printed");
});

test("a narrower DEBUG shows only its namespace; without DEBUG nothing is printed", async () => {
  const auth = await run("forgekit:rest:auth");
  assert.ok(auth.stderr.includes("forgekit:rest:auth"), auth.stderr);
  assert.not.ok(auth.stderr.includes("forgekit:rest:request"));
  const none = await run("");
  assert.is(none.code, 0);
  assert.is(none.stderr, "");
});

test.run();
