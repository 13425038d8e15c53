import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: client.request");
let server: TestServer;
let client: Client;

test.before(async () => {
  server = await startServer({
    "GET /": { body: { current_user_url: "https://api.github.com/user" }, headers: { "X-GitHub-Request-Id": "ABC" } },
    "* /echo": (req) => ({ body: { method: req.method, url: req.url, body: req.body } }),
    "GET /text": { headers: { "content-type": "text/plain; charset=utf-8" }, body: "hello" },
    "GET /binary": { headers: { "content-type": "application/octet-stream" }, body: Buffer.from([0, 1, 2, 255]) },
    "DELETE /nothing": { status: 204 },
    "HEAD /repos/o/r": { headers: { etag: '"x"' }, body: "" },
  });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  client = new Client({ baseUrl: server.url });
});

test("GET / resolves to { status, url, headers, data } with lower-cased plain headers", async () => {
  const response = await client.request("GET /");
  assert.is(response.status, 200);
  assert.is(response.url, `${server.url}/`);
  assert.equal(response.data, { current_user_url: "https://api.github.com/user" });
  assert.is(response.headers["x-github-request-id"], "ABC");
  assert.is(Object.getPrototypeOf(response.headers), Object.prototype);
});

test("sends the default accept and user-agent headers", async () => {
  await client.request("GET /");
  const headers = server.requests[0]!.headers;
  assert.is(headers.accept, "application/vnd.github.v3+json");
  assert.is(headers["user-agent"], "forgekit/rest.js v0.1.0");
});

test("route forms: {name}, :name, bare path, options object", async () => {
  await client.request("GET /echo/{owner}", { owner: "a b" }).catch(() => {});
  await client.request("GET /repos/:owner/:repo/issues", { owner: "o", repo: "r" }).catch(() => {});
  await client.request("/echo");
  await client.request({ method: "POST", url: "/echo", title: "t" });
  assert.equal(
    server.requests.map((r) => `${r.method} ${r.url}`),
    ["GET /echo/a%20b", "GET /repos/o/r/issues", "GET /echo", "POST /echo"],
  );
  assert.is(server.requests[3]!.body, '{"title":"t"}');
});

test("remaining params go to the query for GET and to a JSON body otherwise", async () => {
  await client.request("GET /echo", { per_page: 100, labels: ["bug", "ui"], skip: undefined, state: null });
  assert.is(server.requests[0]!.url, "/echo?per_page=100&labels=bug%2Cui");
  await client.request("PATCH /echo", { name: "n", private: false, description: null });
  assert.is(server.requests[1]!.body, '{"name":"n","private":false,"description":null}');
  assert.is(server.requests[1]!.headers["content-type"], "application/json; charset=utf-8");
});

test("RFC 6570 query expressions {?a,b} take their params, the rest go to the body", async () => {
  await client.request("POST /echo{?name,label}", { name: "a.zip", label: "x y", data: "raw" });
  assert.is(server.requests[0]!.url, "/echo?name=a.zip&label=x%20y");
  assert.is(server.requests[0]!.body, "raw");
});

test("data carries a raw body: string, Uint8Array, Blob, ReadableStream", async () => {
  await client.request("POST /echo", { data: "plain", headers: { "content-type": "text/plain" } });
  await client.request("POST /echo", { data: new Uint8Array([104, 105]) });
  await client.request("POST /echo", { data: new Blob(["blob"]) });
  await client.request("POST /echo", {
    data: new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("stream"));
        c.close();
      },
    }),
  });
  assert.equal(
    server.requests.map((r) => r.body),
    ["plain", "hi", "blob", "stream"],
  );
  assert.is(server.requests[0]!.headers["content-type"], "text/plain");
});

test("{+path} takes slashes and is encoded as @octokit/endpoint encodes {path}: / as %2F, !'()* too", async () => {
  await client.request("GET /echo/{+path}", { path: "docs/a b/c#d(1).md" }).catch(() => {});
  assert.is(server.requests[0]!.url, "/echo/docs%2Fa%20b%2Fc%23d%281%29.md");
});

test("baseUrl with a path prefix (GitHub Enterprise Server) and per-call baseUrl", async () => {
  const ghes = new Client({ baseUrl: `${server.url}/api/v3/` });
  assert.is(
    ghes.request.endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url,
    `${server.url}/api/v3/repos/o/r`,
  );
  const response = await client.request("GET /echo", { baseUrl: `${server.url}/` });
  assert.is(response.status, 200);
});

test("absolute URLs are used as they are", async () => {
  const response = await new Client().request(`GET ${server.url}/echo?x=1`);
  assert.is(response.data.url, "/echo?x=1");
});

test("per-call headers are lower-cased and merged over the defaults", async () => {
  await client.request("GET /echo", { headers: { Accept: "application/vnd.github.raw", "X-Foo": "1" } });
  assert.is(server.requests[0]!.headers.accept, "application/vnd.github.raw");
  assert.is(server.requests[0]!.headers["x-foo"], "1");
});

test("data is decoded by content type: text, ArrayBuffer; 204 and HEAD have none", async () => {
  assert.is((await client.request("GET /text")).data, "hello");
  const binary = await client.request("GET /binary");
  assert.ok(binary.data instanceof ArrayBuffer);
  assert.equal([...new Uint8Array(binary.data)], [0, 1, 2, 255]);
  const none = await client.request("DELETE /nothing");
  assert.is(none.status, 204);
  assert.is(none.data, undefined);
  const head = await client.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is(head.data, undefined);
  assert.is(head.headers.etag, '"x"');
});

test("request.endpoint returns the request without sending; DEFAULTS and merge", () => {
  const options = client.request.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" });
  assert.is(options.method, "GET");
  assert.is(options.url, `${server.url}/repos/o/r/issues?state=open`);
  assert.is(options.headers.accept, "application/vnd.github.v3+json");
  assert.is(client.request.endpoint.DEFAULTS.baseUrl, server.url);
  const merged = client.request.endpoint.merge("POST /repos/{owner}/{repo}/issues", {
    owner: "o",
    repo: "r",
    title: "t",
  });
  assert.is(merged.url, "/repos/{owner}/{repo}/issues");
  assert.is(merged.title, "t");
  assert.is(server.requests.length, 0);
});

test("request.defaults binds defaults; the bound request has the same members", async () => {
  const getRepo = client.request.defaults({ method: "GET", url: "/echo/{owner}", headers: { "x-bound": "yes" } });
  assert.is(getRepo.endpoint.DEFAULTS.url, "/echo/{owner}");
  assert.is(typeof getRepo.endpoint.merge, "function");
  assert.is(typeof getRepo.defaults, "function");
  await getRepo({ owner: "o" }).catch(() => {});
  assert.is(server.requests[0]!.url, "/echo/o");
  assert.is(server.requests[0]!.headers["x-bound"], "yes");
  const merged = getRepo.endpoint.merge({ owner: "p" });
  await client.request(merged).catch(() => {});
  assert.is(server.requests[1]!.url, "/echo/p");
});

test("the caller's params object is not mutated", async () => {
  const params = { owner: "o", headers: { "X-A": "1" } };
  const copy = structuredClone(params);
  await client.request("GET /echo/{owner}", params).catch(() => {});
  assert.equal(params, copy);
});

test.run();
