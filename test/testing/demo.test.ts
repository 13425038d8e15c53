import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// `npm start` runs docs/demo.mjs against the built package (run `node build.mjs` first).
const test = suite("testing: the demo (docs/demo.mjs)");
const root = fileURLToPath(new URL("../../", import.meta.url));

test("runs the tour against the embedded server and exits 0 with readable output", async () => {
  // What `import "forgekit/testing"` loads in Node (package.json "exports").
  const testing = JSON.parse(readFileSync(`${root}package.json`, "utf8")).exports["./testing"].import.default;
  assert.ok(
    existsSync(`${root}${testing}`),
    `${testing} is missing: the build must compile test/server and write test/fixtures/github-api.json.br`,
  );
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      execFile(
        process.execPath,
        ["docs/demo.mjs"],
        { cwd: root, env: { ...process.env, NO_COLOR: "1", DEBUG: "" } },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    },
  );
  assert.is(code, 0, stderr);
  assert.match(
    stdout,
    /^forgekit \d+\.\d+\.\d+ — a tour against a local GitHub API\n {3}http:\/\/127\.0\.0\.1:\d+ answers 1,223 operations/,
  );
  for (const title of [
    "1. Endpoint method",
    "2. Custom request",
    "3. Paginate",
    "4. Errors",
    "5. Cache",
    "6. Debug output",
    "7. GraphQL",
    "8. Hook",
  ])
    assert.ok(stdout.includes(`\n${title}\n`), `missing section "${title}"`);
  assert.match(stdout, /full_name +octocat\/Hello-World/);
  assert.match(stdout, /HttpError 404 +GET \/repos\/octocat\/hello-world\/no-such-thing → 404 Not Found: Not Found/);
  assert.match(stdout, /octo-org\/gamma +250 issues, last: gamma issue 250/);
  assert.match(stdout, /nested +750 issues in 8 requests/);
  assert.match(stdout, /\nDone in \d+\.\d s: \d+ requests answered by forgekit\/testing/);
  assert.not.match(stdout, /undefined|NaN|\[object Object\]|\x1b\[/);
  assert.is(stderr, "");
});

test.run();
