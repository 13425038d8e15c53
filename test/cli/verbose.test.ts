// `--verbose` and `--log json`: the log plugin's line or record per request, on stderr,
// from a real `forgekit` process against the embedded GitHub API server.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const test = suite("cli: --verbose and --log json");
const TOKEN = "ghp_cliVerboseToken0123456789abcdefghijk";
let server: MockServer;
const base = () => ["--base-url", server.url];

test.before(async () => {
  assertBuilt();
  server = await startMockServer();
});
test.before.each(() => server.reset());
test.after(() => server.close());

test("--verbose prints one line per request on stderr; stdout keeps the data", async () => {
  const { code, stdout, stderr } = await forgekit([
    "repos.get",
    "owner=octocat",
    "repo=hello-world",
    "--verbose",
    ...base(),
  ]);
  assert.is(code, 0, stderr);
  assert.is(JSON.parse(stdout).full_name, "octocat/Hello-World");
  assert.match(stderr, /^GET \/repos\/octocat\/hello-world - 200 in \d+ms\n$/);
  const line = await forgekit(["repos.get", "owner=octocat", "repo=hello-world", "--log", "line", ...base()]);
  assert.is(line.code, 0, line.stderr);
  assert.match(line.stderr, /^GET \/repos\/octocat\/hello-world - 200 in \d+ms\n$/, "--log line is --verbose");
});

test("--log json prints one JSON record per request, with request id and rate limit", async () => {
  const { code, stderr } = await forgekit([
    "repos.get",
    "owner=octocat",
    "repo=hello-world",
    "--log",
    "json",
    ...base(),
  ]);
  assert.is(code, 0, stderr);
  const lines = stderr.trim().split("\n");
  assert.is(lines.length, 1);
  const record = JSON.parse(lines[0]!);
  assert.is(record.operation, "repos/get");
  assert.is(record.status, 200);
  assert.is(record.route, "/repos/{owner}/{repo}");
  assert.type(record.requestId, "string");
  assert.type(record.rateLimit.remaining, "number");
});

test("a failed call's record is printed too, and no token appears", async () => {
  const { code, stderr } = await forgekit(["request", "GET /no/such/route", "--log", "json", ...base()], {
    env: { GITHUB_TOKEN: TOKEN },
  });
  assert.is(code, 1);
  const record = JSON.parse(stderr.split("\n")[0]!);
  assert.equal([record.status, record.error], [404, "HttpError"]);
  assert.not.match(stderr, TOKEN.slice(4));
});

// A classic 40-hex token has no `ghp_` shape: a server that echoes it (here in the request id,
// which the record carries, and a 401 body) must not get it printed.
test("a 40-hex token echoed back by the server appears in neither --log json nor --verbose", async () => {
  const hex = "0123456789abcdef0123456789abcdef01234567";
  const echo = createServer((req, res) => {
    const credential = String(req.headers.authorization).replace(/^\S+ /, "");
    res.writeHead(401, { "content-type": "application/json", "x-github-request-id": credential });
    res.end(JSON.stringify({ message: `Bad credentials: ${credential}` }));
  });
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    for (const flags of [["--log", "json"], ["--verbose"]]) {
      const { code, stdout, stderr } = await forgekit(["request", "GET /user", ...flags, "--base-url", url], {
        env: { GITHUB_TOKEN: hex },
      });
      assert.is(code, 1);
      assert.match(stderr, /401/);
      assert.not.match(stdout + stderr, hex.slice(-24));
    }
  } finally {
    await new Promise((resolve) => echo.close(resolve));
  }
});

test("without either flag nothing per request is printed; --log takes json or line only", async () => {
  const quiet = await forgekit(["repos.get", "owner=octocat", "repo=hello-world", ...base()]);
  assert.is(quiet.stderr, "");
  const bad = await forgekit(["repos.get", "owner=octocat", "repo=hello-world", "--log", "xml", ...base()]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--log "xml": expected --log json or --log line/);
  assert.is(server.requests.length, 1, "the bad flag sent nothing");
});

test.run();
