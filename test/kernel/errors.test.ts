import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Client, HttpError, NetworkError, ParameterError, isHttpError, isParameterError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: errors");
let server: TestServer;
let client: Client;
const TOKEN = "ghp_0123456789abcdefghijABCDEFGHIJ012345";

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r/issues/1": {
      status: 404,
      body: { message: "Not Found", documentation_url: "https://docs.github.com/rest/issues/issues#get-an-issue" },
    },
    "POST /repos/o/r/issues": {
      status: 422,
      body: {
        message: "Validation Failed",
        errors: [{ resource: "Issue", code: "missing_field", field: "title" }, { message: "labels are locked" }],
        documentation_url: "https://docs.github.com/rest/issues/issues#create-an-issue",
      },
    },
    "GET /cached": { status: 304, headers: { etag: '"abc"' } },
    "GET /bad-json": { headers: { "content-type": "application/json" }, body: "{not json" },
    "GET /empty-403": { status: 403, body: "" },
    "GET /with-id": { status: 502, headers: { "x-github-request-id": "0C4A:3B1F:1A2B3C:4D5E6F:6757A1B2" }, body: "" },
  });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  client = new Client({ baseUrl: server.url });
});

test("404: HttpError with status, headers, request, response and GitHub's message and docs link", async () => {
  const error = await client
    .request("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 1 })
    .catch((e) => e);
  assert.instance(error, HttpError);
  assert.ok(isHttpError(error));
  assert.is(error.name, "HttpError");
  assert.is(error.status, 404);
  assert.is(
    error.message,
    `GET ${server.url}/repos/o/r/issues/1 → 404 Not Found: Not Found (https://docs.github.com/rest/issues/issues#get-an-issue)`,
  );
  assert.is(error.request.method, "GET");
  assert.is(error.response.data.message, "Not Found");
  assert.is(error.response.status, 404);
  assert.is(typeof error.headers["content-type"], "string");
});

test("422: GitHub's errors[] are in the message, readable, and on error.errors / error.documentation_url", async () => {
  const error = await client.request("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }).catch((e) => e);
  assert.is(error.status, 422);
  assert.equal(error.errors, [
    { resource: "Issue", code: "missing_field", field: "title" },
    { message: "labels are locked" },
  ]);
  assert.is(error.documentation_url, "https://docs.github.com/rest/issues/issues#create-an-issue");
  assert.ok(
    error.message.endsWith(
      "Validation Failed: title is missing (Issue); labels are locked (https://docs.github.com/rest/issues/issues#create-an-issue)",
    ),
    error.message,
  );
});

test("304 is an HttpError with status 304 and the etag header", async () => {
  const error = await client.request("GET /cached").catch((e) => e);
  assert.instance(error, HttpError);
  assert.is(error.status, 304);
  assert.is(error.headers.etag, '"abc"');
});

test("malformed JSON with a JSON content type: a typed error that keeps status and headers", async () => {
  const error = await client.request("GET /bad-json").catch((e) => e);
  assert.instance(error, HttpError);
  assert.is(error.status, 200);
  assert.ok(/not valid JSON/.test(error.message), error.message);
  assert.is(error.response.data, "{not json");
});

test("empty 4xx body still gives a readable message", async () => {
  const error = await client.request("GET /empty-403").catch((e) => e);
  assert.is(error.status, 403);
  assert.is(error.message, `GET ${server.url}/empty-403 → 403 Forbidden`);
});

test("GitHub's request id is error.requestId and ends the message (quote it to support)", async () => {
  const error = await client.request("GET /with-id").catch((e) => e);
  assert.is(error.requestId, "0C4A:3B1F:1A2B3C:4D5E6F:6757A1B2");
  assert.is(error.message, `GET ${server.url}/with-id → 502 Bad Gateway [request id 0C4A:3B1F:1A2B3C:4D5E6F:6757A1B2]`);
  const none = await client.request("GET /empty-403").catch((e) => e);
  assert.is(none.requestId, undefined);
  assert.not.ok("requestId" in none, "no request id header, no field");
});

test("connection refused: NetworkError with the cause and no invented status", async () => {
  const closed = await startServer();
  await closed.close();
  const refused = new Client({ baseUrl: closed.url });
  const error = await refused.request("GET /").catch((e) => e);
  assert.instance(error, NetworkError);
  assert.is(error.name, "NetworkError");
  assert.is(error.status, undefined);
  assert.ok(error.cause, "keeps the original error");
  assert.ok(/ECONNREFUSED/.test(error.message), error.message);
});

for (const [label, params] of [
  ["missing", {}],
  ["empty", { repo: "" }],
  ["null", { repo: null }],
  [".", { repo: "." }],
  ["..", { repo: ".." }],
  ["encoded ..", { repo: "%2e%2E" }],
] as const) {
  test(`a ${label} path parameter throws a ParameterError and nothing is sent`, async () => {
    const error = await client.request("GET /repos/{owner}/{repo}", { owner: "o", ...params }).catch((e) => e);
    assert.instance(error, ParameterError);
    assert.ok(isParameterError(error));
    assert.ok(/"repo"/.test(error.message), error.message);
    assert.is(server.requests.length, 0);
  });
}

test(".. inside a multi-segment path parameter is refused; nothing is sent", async () => {
  const error = await client
    .request("GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "docs/../../../admin" })
    .catch((e) => e);
  assert.instance(error, ParameterError);
  assert.is(server.requests.length, 0);
});

for (const bad of ["a\r\nx-injected: 1", "a\nb", "a\0b"]) {
  test(`a header value with ${JSON.stringify(bad)} throws before sending`, async () => {
    const error = await client.request("GET /", { headers: { "x-custom": bad } }).catch((e) => e);
    assert.instance(error, ParameterError);
    assert.ok(/x-custom/.test(error.message) && /CR, LF or NUL/.test(error.message), error.message);
    assert.is(server.requests.length, 0);
  });
}

test("credentials never appear in an error: message, request, JSON, inspect, stack", async () => {
  const error = await client
    .request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
      owner: "o",
      repo: "r",
      issue_number: 1,
      access_token: TOKEN,
      headers: { authorization: `token ${TOKEN}` },
    })
    .catch((e) => e);
  assert.is(error.request.headers.authorization, "token [REDACTED]");
  for (const text of [
    error.message,
    JSON.stringify(error),
    inspect(error, { depth: 10 }),
    error.stack,
    JSON.stringify(error.request),
    error.response.url,
  ]) {
    assert.not.ok(text.includes(TOKEN), `leaked in: ${text.slice(0, 200)}`);
  }
});

test.run();
