// Issue 29 on the command line: --api-version sends X-GitHub-Api-Version, the embedded server
// answers in that version's shape, and what the version removed or lacks is a usage error
// (exit 2) before anything is sent.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";

const test = suite("cli: --api-version");
let server: MockServer;
const base = () => ["--base-url", server.url];

test.before(async () => {
  assertBuilt();
  server = await startMockServer();
});
test.before.each(() => server.reset());
test.after(() => server.close());

test("--api-version 2026-03-10 sends the header and gets that version's answer", async () => {
  const { code, stdout, stderr } = await forgekit(["rateLimit.get", "--api-version", "2026-03-10", ...base()]);
  assert.is(code, 0, stderr);
  assert.is(server.requests.length, 1);
  assert.is(server.requests[0]!.headers["x-github-api-version"], "2026-03-10");
  const data = JSON.parse(stdout);
  assert.ok("resources" in data, stdout);
  assert.not.ok("rate" in data, stdout);
  // Without the flag: no header, GitHub's default 2022-11-28, which still has `rate`.
  const before = await forgekit(["rateLimit.get", ...base()]);
  assert.is(before.code, 0, before.stderr);
  assert.is(server.requests[1]!.headers["x-github-api-version"], undefined);
  assert.ok("rate" in JSON.parse(before.stdout), before.stdout);
});

test("a parameter the version removed is refused, nothing sent", async () => {
  const { code, stderr } = await forgekit([
    "teams.create",
    "org=o",
    "name=n",
    "permission=pull",
    "--api-version",
    "2026-03-10",
    ...base(),
  ]);
  assert.is(code, 2, stderr);
  assert.match(stderr, '"permission" is not a parameter in REST API version 2026-03-10');
  assert.is(server.requests.length, 0);
});

test("an unknown version, or one --deployment lacks, is refused, nothing sent", async () => {
  const unknown = await forgekit(["rateLimit.get", "--api-version", "2025-01-01", ...base()]);
  assert.is(unknown.code, 2, unknown.stderr);
  assert.match(unknown.stderr, 'apiVersion "2025-01-01" is not a REST API version forgekit knows');
  const ghes = await forgekit(["meta.get", "--deployment", "ghes-3.17", "--api-version", "2026-03-10", ...base()]);
  assert.is(ghes.code, 2, ghes.stderr);
  assert.match(ghes.stderr, 'apiVersion "2026-03-10" is not supported by ghes-3.17');
  assert.is(server.requests.length, 0);
});

test.run();
