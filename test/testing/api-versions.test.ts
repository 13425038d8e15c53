import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "../../kernel/index.js";
import { startMockServer, type MockServer } from "../server/index.js";

// forgekit/testing answers in the shape of the REST API version a request asks for: what
// 2026-03-10 removed from a response (test/server/versions.ts) is not in its answers.
const test = suite("testing: answers shaped by X-GitHub-Api-Version");
let server: MockServer;
const V2026 = { "x-github-api-version": "2026-03-10" };

test.before(async () => {
  server = await startMockServer();
});
test.after(() => server.close());

test("GET /rate_limit has `rate` under 2022-11-28 and not under 2026-03-10", async () => {
  const client = new Client({ baseUrl: server.url });
  const before = await client.request("GET /rate_limit");
  assert.ok("rate" in before.data && "resources" in before.data, JSON.stringify(before.data));
  assert.is(before.headers["x-github-api-version-selected"], "2022-11-28");
  const after = await client.request("GET /rate_limit", { headers: V2026 });
  assert.not.ok("rate" in after.data, JSON.stringify(after.data));
  assert.ok("resources" in after.data);
  assert.is(after.headers["x-github-api-version-selected"], "2026-03-10");
});

test("nested fields too: a repository's has_downloads, a pull request's merge_commit_sha", async () => {
  const client = new Client({ baseUrl: server.url });
  const repo = { owner: "octocat", repo: "hello-world" };
  const before = await client.request("GET /repos/{owner}/{repo}", repo);
  assert.ok("has_downloads" in before.data);
  const after = await client.request("GET /repos/{owner}/{repo}", { ...repo, headers: V2026 });
  assert.not.ok("has_downloads" in after.data);
  assert.is(after.data.full_name, before.data.full_name);
  const pull = await client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", { ...repo, pull_number: 1 });
  assert.ok("merge_commit_sha" in pull.data);
  const pull2026 = await client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    ...repo,
    pull_number: 1,
    headers: V2026,
  });
  assert.not.ok("merge_commit_sha" in pull2026.data);
});

test.run();
