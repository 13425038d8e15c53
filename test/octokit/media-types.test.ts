// Issue 14, item 4: `mediaType: { format }` — forgekit/testing answers diff, patch, sha, raw
// and html as GitHub does (text), and `data` is that text; comment-body formats stay JSON.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import forgekit from "../../plugins/presets/full.js";
import { startMockServer, type MockServer } from "../../test/server/index.js";

const test = suite("octokit habits: media-type formats");
let server: MockServer;

test.before(async () => {
  server = await startMockServer();
});
test.after(() => server.close());

const params = { owner: "octocat", repo: "hello-world", pull_number: 1 };

test("pulls.get with format diff: data is the diff text; the server saw the diff media type", async () => {
  const client = forgekit({ baseUrl: server.url });
  const { data, headers } = await client.pulls.get({ ...params, mediaType: { format: "diff" } });
  assert.type(data, "string");
  assert.ok(data.startsWith("diff --git a/"), data);
  assert.match(String(headers["content-type"]), /^application\/vnd\.github\.diff/);
  assert.is(server.requests.at(-1)!.headers.accept, "application/vnd.github.v3.diff");
});

test("patch and sha of a commit are text too", async () => {
  const client = forgekit({ baseUrl: server.url });
  const patch = await client.repos.getCommit({ owner: "o", repo: "r", ref: "main", mediaType: { format: "patch" } });
  assert.match(patch.data, /^From [0-9a-f]{40} /);
  const sha = await client.repos.getCommit({ owner: "o", repo: "r", ref: "main", mediaType: { format: "sha" } });
  assert.match(sha.data, /^[0-9a-f]{40}$/);
});

test("raw and html of a file are the file and its rendering", async () => {
  const client = forgekit({ baseUrl: server.url });
  const file = { owner: "o", repo: "r", path: "README.md" };
  const raw = await client.repos.getContent({ ...file, mediaType: { format: "raw" } });
  assert.type(raw.data, "string");
  const html = await client.repos.getContent({ ...file, mediaType: { format: "html" } });
  assert.match(html.data, /^<div class="markdown-body">/);
});

test("without a format, and with a comment-body format, the answer stays JSON", async () => {
  const client = forgekit({ baseUrl: server.url });
  const json = await client.pulls.get(params);
  assert.type(json.data.title, "string");
  const html = await client.pulls.get({ ...params, mediaType: { format: "html" } });
  assert.type(html.data.number, "number");
});

test.run();
