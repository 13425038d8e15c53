import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, isHttpError, type HttpError } from "../../kernel/index.js";
import { startMockServer, type MockServer } from "../server/index.js";

const test = suite("testing: mock GitHub API responses");
let server: MockServer;
let client: Client;

test.before(async () => {
  server = await startMockServer();
});
test.after(() => server.close());
test.before.each(() => {
  server.reset();
  client = new Client({ baseUrl: server.url });
});

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (isHttpError(error)) return error;
    throw error;
  }
  throw new Error("expected an HttpError");
}

test("repos.get answers with the description's example and GitHub's headers", async () => {
  const { status, headers, data } = await client.request("GET /repos/{owner}/{repo}", {
    owner: "octocat",
    repo: "hello-world",
  });
  assert.is(status, 200);
  assert.is((data as { full_name: string }).full_name, "octocat/Hello-World");
  assert.is(headers["content-type"], "application/json; charset=utf-8");
  assert.match(headers["x-github-request-id"]!, /^[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{6}:[0-9A-F]{4}:[0-9A-F]+$/);
  assert.is(headers["x-github-api-version-selected"], "2022-11-28");
  assert.is(headers["x-github-media-type"], "github.v3; format=json");
  assert.match(headers.etag!, /^W\/"[0-9a-f]{64}"$/);
  assert.is(headers["cache-control"], "public, max-age=60, s-maxage=60");
  assert.is(headers["access-control-allow-origin"], "*");
  assert.match(headers["access-control-expose-headers"]!, /ETag, Link, .*X-RateLimit-Remaining/);
});

test("records each request with its route, operation and decoded path parameters", async () => {
  await client.request("GET /repos/{owner}/{repo}/contents/{+path}", { owner: "octo", repo: "r", path: "docs/a b.md" });
  const [recorded] = server.requests;
  assert.is(recorded!.route, "GET /repos/{owner}/{repo}/contents/{+path}");
  assert.is(recorded!.operationId, "repos/get-content");
  assert.equal(recorded!.params, { owner: "octo", repo: "r", path: "docs/a b.md" });
  assert.is(recorded!.status, 200);
  assert.is(recorded!.headers["user-agent"], "forgekit/rest.js v0.1.0");
});

test("a literal segment wins over a parameter, and multi-segment parameters backtrack", async () => {
  await client.request("GET /repos/{owner}/{repo}/issues/comments", { owner: "o", repo: "r" });
  await client.request("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 7 });
  await client.request("GET /repos/{owner}/{repo}/commits/{ref}/status", { owner: "o", repo: "r", ref: "heads/main" });
  assert.equal(
    server.requests.map((r) => r.operationId),
    ["issues/list-comments-for-repo", "issues/get", "repos/get-combined-status-for-ref"],
  );
  assert.is(server.requests[2]!.params.ref, "heads/main");
});

test("a 204 operation answers with no body", async () => {
  const response = await client.request("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is(response.status, 204);
  assert.is(response.data, undefined);
  assert.is(response.headers["content-length"], "0");
});

test("POST answers with the success status and example (201 for issues.create)", async () => {
  const { status, data } = await client.request("POST /repos/{owner}/{repo}/issues", {
    owner: "o",
    repo: "r",
    title: "Found a bug",
  });
  assert.is(status, 201);
  assert.is((data as { title: string }).title, "Found a bug");
  assert.is(server.requests[0]!.body, '{"title":"Found a bug"}');
});

test("an unknown route is a 404 with GitHub's error body", async () => {
  const error = await failure(client.request("GET /repos/{owner}/{repo}/no-such-thing", { owner: "o", repo: "r" }));
  assert.is(error.status, 404);
  assert.equal(error.response.data, {
    message: "Not Found",
    documentation_url: "https://docs.github.com/rest",
    status: "404",
  });
  assert.match(
    error.message,
    /→ 404 Not Found: Not Found \(https:\/\/docs\.github\.com\/rest\) \[request id [\w:]+\]$/,
  );
  assert.is(server.requests[0]!.operationId, undefined);
});

test("a known path with another method is a 404 too", async () => {
  const error = await failure(client.request("PUT /meta"));
  assert.is(error.status, 404);
});

test("POST without a required body property is a 422 naming the field", async () => {
  const error = await failure(
    client.request("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "no title" }),
  );
  assert.is(error.status, 422);
  const data = error.response.data as { message: string; errors: unknown[]; documentation_url: string };
  assert.is(data.message, "Validation Failed");
  assert.equal(data.errors, [{ resource: "Issue", code: "missing_field", field: "title" }]);
  assert.is(data.documentation_url, "https://docs.github.com/rest/issues/issues#create-an-issue");
  assert.match(
    error.message,
    /Validation Failed: title is missing \(Issue\) \(https:\/\/docs\.github\.com\/rest\/issues\/issues#create-an-issue\) \[request id [\w:]+\]$/,
  );
});

test("a body that is not JSON is a 400 Problems parsing JSON", async () => {
  const error = await failure(
    client.request("POST /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      data: "{title",
      headers: { "content-type": "application/json" },
    }),
  );
  assert.is(error.status, 400);
  assert.is((error.response.data as { message: string }).message, "Problems parsing JSON");
});

test("non-JSON operations keep their content type (GET /zen is text/plain)", async () => {
  const { headers, data } = await client.request("GET /zen");
  assert.is(headers["content-type"], "text/plain; charset=utf-8");
  assert.type(data, "string");
  assert.ok((data as string).length > 0);
});

test("a redirect (archive download) stays on the loopback server", async () => {
  const response = await client.request("GET /repos/{owner}/{repo}/tarball/{ref}", {
    owner: "o",
    repo: "r",
    ref: "main",
  });
  assert.is(response.status, 200);
  assert.is(response.url, `${server.url}/_download/repos/o/r/tarball/main`);
  assert.equal(
    server.requests.map((r) => r.status),
    [302, 200],
  );
});

test("GHES paths: /api/v3 and /api/uploads prefixes reach the same operations", async () => {
  const ghes = new Client({ baseUrl: `${server.url}/api/v3` });
  const { data } = await ghes.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is((data as { full_name: string }).full_name, "octocat/Hello-World");
  const upload = await ghes.request("POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
    origin: `${server.url}/api/uploads`,
    owner: "o",
    repo: "r",
    release_id: 1,
    name: "a.zip",
    data: "zip bytes",
    headers: { "content-type": "application/zip" },
  });
  assert.is(upload.status, 201);
  assert.equal(
    server.requests.map((r) => r.operationId),
    ["repos/get", "repos/upload-release-asset"],
  );
  assert.is(server.requests[1]!.url, "/api/uploads/repos/o/r/releases/1/assets?name=a.zip");
});

test("HEAD answers with GET's headers and no body", async () => {
  const get = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const head = await client.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is(head.status, 200);
  assert.is(head.data, undefined);
  assert.is(head.headers.etag, get.headers.etag);
  assert.is(head.headers["content-length"], get.headers["content-length"]);
});

test("CORS preflight answers 204 with GitHub's allow lists", async () => {
  const { status, headers } = await client.request("OPTIONS /repos/{owner}/{repo}", {
    owner: "o",
    repo: "r",
    headers: {
      origin: "https://example.com",
      "access-control-request-method": "PATCH",
      "access-control-request-headers": "authorization",
    },
  });
  assert.is(status, 204);
  assert.is(headers["access-control-allow-origin"], "*");
  assert.match(headers["access-control-allow-methods"]!, /PATCH/);
  assert.match(headers["access-control-allow-headers"]!, /Authorization, .*If-None-Match/);
  assert.is(headers["access-control-max-age"], "86400");
});

test("X-GitHub-Api-Version: a supported version is echoed, another is a 400", async () => {
  const { headers } = await client.request("GET /", { headers: { "x-github-api-version": "2026-03-10" } });
  assert.is(headers["x-github-api-version-selected"], "2026-03-10");
  const error = await failure(client.request("GET /", { headers: { "x-github-api-version": "1999-01-01" } }));
  assert.is(error.status, 400);
  assert.match(error.message, /X-GitHub-Api-Version header "1999-01-01"\. Supported versions: 2022-11-28, 2026-03-10/);
});

test("x-github-media-type follows the accept header (previews, raw)", async () => {
  const preview = await client.request("GET /repos/{owner}/{repo}", {
    owner: "o",
    repo: "r",
    headers: { accept: "application/vnd.github.mercy-preview+json" },
  });
  assert.is(preview.headers["x-github-media-type"], "github.mercy-preview; format=json");
  const raw = await client.request("GET /repos/{owner}/{repo}/readme", {
    owner: "o",
    repo: "r",
    headers: { accept: "application/vnd.github.v3.raw+json" },
  });
  assert.is(raw.headers["x-github-media-type"], "github.v3; param=raw; format=json");
});

test("respond() overrides a route (or adds one) until reset()", async () => {
  server.respond("GET /repos/{owner}/{repo}", (request) => ({
    body: { full_name: `${request.params.owner}/${request.params.repo}` },
  }));
  server.respond("PATCH /repos/{owner}/{repo}/foo", {
    status: 202,
    headers: { "x-custom": "yes" },
    body: { ok: true },
  });
  const got = await client.request("GET /repos/{owner}/{repo}", { owner: "mona", repo: "lisa" });
  assert.equal(got.data, { full_name: "mona/lisa" });
  assert.ok(got.headers["x-ratelimit-remaining"], "custom replies still carry GitHub's headers");
  const custom = await client.request("PATCH /repos/{owner}/{repo}/foo", { owner: "o", repo: "r", baz: "qux" });
  assert.is(custom.status, 202);
  assert.is(custom.headers["x-custom"], "yes");
  assert.is(server.requests[1]!.route, "PATCH /repos/{owner}/{repo}/foo");
  server.reset();
  assert.is(server.requests.length, 0);
  const back = await client.request("GET /repos/{owner}/{repo}", { owner: "mona", repo: "lisa" });
  assert.is((back.data as { full_name: string }).full_name, "octocat/Hello-World");
});

test("a throwing respond() handler is a 500 that names the handler", async () => {
  server.respond("GET /user", () => {
    throw new Error("boom");
  });
  const error = await failure(client.request("GET /user"));
  assert.is(error.status, 500);
  assert.match(error.message, /a respond\(\) handler threw: boom/);
});

test("bad options throw before listening, naming the fix", async () => {
  for (const [options, pattern] of [
    [{ port: -1 }, /port -1 is not a port number/],
    [{ pageSize: 101 }, /pageSize 101 is out of range.*1 to 100/],
    [{ totalItems: 1.5 }, /totalItems 1\.5 is not a count/],
    [{ fixture: "/nowhere/routes.json" }, /cannot read the route table \/nowhere\/routes\.json.*Regenerate it/],
  ] as const) {
    try {
      await startMockServer(options);
      assert.unreachable(`startMockServer(${JSON.stringify(options)}) should throw`);
    } catch (error) {
      assert.match((error as Error).message, pattern);
    }
  }
});

test.run();
