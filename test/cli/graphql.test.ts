// `forgekit graphql` end to end: a real process against forgekit/testing's GraphQL endpoint.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";

const test = suite("cli: forgekit graphql");
const TOKEN = "ghp_cligraphqltoken0123456789abcdefghijkl";
let server: MockServer;
let dir: string;
const run = (args: string[]) =>
  forgekit(["graphql", ...args, "--base-url", server.url], { env: { GITHUB_TOKEN: TOKEN }, cwd: dir });

test.before(async () => {
  assertBuilt();
  server = await startMockServer();
  dir = mkdtempSync(join(tmpdir(), "forgekit-cli-graphql-"));
  writeFileSync(
    join(dir, "issues.graphql"),
    `query ($owner: String!, $repo: String!, $first: Int!, $cursor: String) {
      repository(owner: $owner, name: $repo) {
        issues(first: $first, after: $cursor) { nodes { number } pageInfo { hasNextPage endCursor } } } }`,
  );
});
test.before.each(() => server.reset());
test.after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test("-f query=@file with -f (string) and -F (typed) variables prints the data", async () => {
  const { code, stdout, stderr } = await run([
    "-f",
    "query=@issues.graphql",
    "-F",
    "owner=octocat",
    "-f",
    "repo=hello-world",
    "-F",
    "first=5",
  ]);
  assert.is(code, 0, stderr);
  const data = JSON.parse(stdout);
  assert.equal(
    data.repository.issues.nodes.map((n: { number: number }) => n.number),
    [1, 2, 3, 4, 5],
  );
  assert.equal(JSON.parse(server.requests[0]!.body).variables, { owner: "octocat", repo: "hello-world", first: 5 });
  assert.is(server.requests[0]!.headers.authorization, `token ${TOKEN}`);
});

test("--paginate merges every page", async () => {
  const { code, stdout, stderr } = await run([
    "-f",
    "query=@issues.graphql",
    "-F",
    "owner=octocat",
    "-f",
    "repo=hello-world",
    "-F",
    "first=20",
    "--paginate",
  ]);
  assert.is(code, 0, stderr);
  assert.is(JSON.parse(stdout).repository.issues.nodes.length, 42);
  assert.is(server.requests.length, 3);
});

test("GraphQL errors exit 1 with the message on stderr; no query is a usage error (exit 2, nothing sent)", async () => {
  const failed = await run(["-f", 'query={ repository(owner: "octocat", name: "nope") { name } }']);
  assert.is(failed.code, 1);
  assert.match(failed.stderr, /NOT_FOUND: Could not resolve to a Repository/);
  assert.not.ok(failed.stderr.includes(TOKEN.slice(4)));
  const usage = await run(["-F", "owner=octocat"]);
  assert.is(usage.code, 2);
  assert.match(usage.stderr, /name the query/);
  assert.is(server.requests.length, 1);
});

test.run();
