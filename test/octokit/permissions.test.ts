// Issue 14, item 7: a 403/404 that says what the call needs (fine-grained permissions or
// classic scopes) says so in the message and on `error.permissions`; forgekit/testing answers so.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import forgekit, { HttpError } from "../../plugins/presets/full.js";
import { startMockServer, type MockServer } from "../../test/server/index.js";

const test = suite("octokit habits: permission hints");
const FINE = "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz";
const CLASSIC = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
let server: MockServer;

test.before(async () => {
  server = await startMockServer({
    denied: [
      { token: FINE, route: "POST /repos/{owner}/{repo}/issues", needs: "issues=write" },
      {
        token: CLASSIC,
        route: "GET /repos/{owner}/{repo}/hooks",
        needs: "admin:repo_hook, read:repo_hook, repo",
        scopes: ["gist", "read:org"],
      },
    ],
  });
});
test.after(() => server.close());

const fails = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.unreachable("expected an error"),
    (e: HttpError) => e,
  );

test("fine-grained: 403 with x-accepted-github-permissions → needs issues=write, on the error too", async () => {
  const client = forgekit({ baseUrl: server.url, auth: FINE, retry: false });
  const error = await fails(client.issues.create({ owner: "o", repo: "r", title: "t" }));
  assert.instance(error, HttpError);
  assert.is(error.status, 403);
  // The hint, then GitHub's request id (kernel/errors.ts), at the end of the message.
  assert.match(error.message, /; needs issues=write \[request id [\w:]+\]$/);
  assert.is(error.requestId, error.headers["x-github-request-id"]);
  assert.equal(error.permissions, { kind: "fine-grained", needs: "issues=write" });
  assert.not.match(error.message, FINE);
});

test("classic: 404 with x-accepted-oauth-scopes next to x-oauth-scopes → what is needed and what the token has", async () => {
  const client = forgekit({ baseUrl: server.url, auth: CLASSIC, retry: false });
  const error = await fails(client.repos.listWebhooks({ owner: "o", repo: "r" }));
  assert.is(error.status, 404);
  const tail = `; needs one of the scopes admin:repo_hook, read:repo_hook, repo; this token has the scopes gist, read:org [request id ${error.requestId}]`;
  assert.ok(error.requestId && error.message.endsWith(tail), error.message);
  assert.equal(error.permissions, {
    kind: "classic",
    needs: "admin:repo_hook, read:repo_hook, repo",
    has: "gist, read:org",
  });
});

test("another token, or a route not denied, gets the normal answer and no hint", async () => {
  const client = forgekit({ baseUrl: server.url, auth: CLASSIC, retry: false });
  const { status } = await client.issues.create({ owner: "o", repo: "r", title: "t" });
  assert.is(status, 201);
  const missing = await fails(client.request("GET /repos/{owner}/{repo}/no-such-thing", { owner: "o", repo: "r" }));
  assert.is(missing.permissions, undefined);
});

test.run();
