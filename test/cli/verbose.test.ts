// `--verbose` and `--log json`: the log plugin's line or record per request, on stderr,
// from a real `forgekit` process against the embedded GitHub API server.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";

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

test("without either flag nothing per request is printed; --log takes json or line only", async () => {
  const quiet = await forgekit(["repos.get", "owner=octocat", "repo=hello-world", ...base()]);
  assert.is(quiet.stderr, "");
  const bad = await forgekit(["repos.get", "owner=octocat", "repo=hello-world", "--log", "xml", ...base()]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--log "xml": expected --log json or --log line/);
  assert.is(server.requests.length, 1, "the bad flag sent nothing");
});

test.run();
