// Issue 14, item 6 (command line): an unknown HTTP method is refused, `--max-wait` exists and
// the rate-limit refusal names it, text output ends with a newline.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";

const test = suite("octokit habits: cli");
let server: MockServer;

test.before(async () => {
  assertBuilt();
  server = await startMockServer({ rateLimit: { core: 1 } });
});
test.before.each(() => server.reset());
test.after(() => server.close());

test('request "GTE /zen": exit 2, "did you mean GET?", nothing sent', async () => {
  const { code, stdout, stderr } = await forgekit(["request", "GTE /zen", "--base-url", server.url]);
  assert.is(code, 2);
  assert.is(stdout, "");
  assert.match(
    stderr,
    /unknown HTTP method "GTE": did you mean GET\? Use one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\./,
  );
  assert.is(server.requests.length, 0);
});

test("plain-text output ends with a newline", async () => {
  const { code, stdout, stderr } = await forgekit(["request", "GET /zen", "--base-url", server.url]);
  assert.is(code, 0, stderr);
  assert.ok(stdout.length > 1);
  assert.ok(stdout.endsWith("\n"), JSON.stringify(stdout));
  assert.not.ok(stdout.endsWith("\n\n"));
});

test("a rate-limit refusal points to --max-wait, which the CLI accepts", async () => {
  await forgekit(["request", "GET /user", "--base-url", server.url]);
  const { code, stderr } = await forgekit(["request", "GET /user", "--base-url", server.url, "--max-wait", "5"]);
  assert.is(code, 1);
  assert.match(
    stderr,
    /rate limit is exhausted until .*longer than maxWait \(5 s\): retry after then, or pass --max-wait <seconds>\./,
  );
  const bad = await forgekit(["request", "GET /user", "--base-url", server.url, "--max-wait", "soon"]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--max-wait "soon": expected seconds/);
});

test.run();
