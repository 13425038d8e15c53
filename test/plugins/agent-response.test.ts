// The agent transport answers the kernel without building a WHATWG Response (plugins/agent/
// fetch.ts `agentTransport`): what a caller gets — status, url, headers, data, errors — must be
// exactly what the fetch transport gives for the same bytes. `agentFetch`, the public `fetch`
// over an agent, still returns a real Response with every header as received.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { HttpError } from "../../kernel/index.js";
import { agentFetch } from "../../plugins/agent/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("agent transport: the same response as fetch");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
let server: TestServer;

/** Repeated headers, mixed-case names, a BOM before the JSON, a binary body, an error body. */
const RAW_HEADERS = [
  ["Content-Type", "application/json; charset=utf-8"],
  ["X-Repeated", "one"],
  ["x-repeated", "two"],
  ["Set-Cookie", "a=1"],
  ["Set-Cookie", "b=2"],
  ["ETag", 'W/"abc"'],
  ["Link", '<http://127.0.0.1/next>; rel="next"'],
];

test.before(async () => {
  server = await startServer({
    "GET /json": (_req, res) => {
      res.writeHead(200, RAW_HEADERS.flat());
      res.end(`\uFEFF${JSON.stringify({ ok: true, text: "héllo" })}`);
    },
    "GET /binary": (_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(Buffer.from([0, 1, 2, 250, 255]));
    },
    "GET /empty": (_req, res) => {
      res.writeHead(204, { "x-empty": "yes" });
      res.end();
    },
    "GET /missing": (_req, res) => {
      res.writeHead(404, "Not Found", { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest" }));
    },
  });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});

for (const path of ["/json", "/binary", "/empty"]) {
  test(`GET ${path}: status, url, headers and data are the same on both transports`, async () => {
    const viaFetch = await make.fetch({ baseUrl: server.url }).request(`GET ${path}`);
    const viaAgent = await make.agent({ baseUrl: server.url }).request(`GET ${path}`);
    // Dates differ between two responses; everything else must not.
    delete viaFetch.headers.date;
    delete viaAgent.headers.date;
    assert.equal(viaAgent.status, viaFetch.status);
    assert.is(viaAgent.url, viaFetch.url);
    assert.equal(viaAgent.headers, viaFetch.headers);
    assert.equal(Object.keys(viaAgent.headers), Object.keys(viaFetch.headers), "header order, as fetch sorts them");
    assert.equal(viaAgent.data, viaFetch.data);
  });
}

test("the BOM is dropped and repeated headers are joined, as fetch does", async () => {
  const { headers, data } = await make.agent({ baseUrl: server.url }).request("GET /json");
  assert.equal(data, { ok: true, text: "héllo" });
  assert.is(headers["x-repeated"], "one, two");
  assert.is(headers.etag, 'W/"abc"');
});

test("an HTTP error carries the same message and response on both transports", async () => {
  const errors = await Promise.all(
    (["fetch", "agent"] as const).map((name) =>
      make[name]({ baseUrl: server.url })
        .request("GET /missing")
        .catch((error: unknown) => error as HttpError),
    ),
  );
  for (const error of errors) assert.instance(error, HttpError);
  const [viaFetch, viaAgent] = errors as [HttpError, HttpError];
  assert.is(viaAgent.message, viaFetch.message);
  assert.is(viaAgent.status, 404);
  assert.equal(viaAgent.response?.data, viaFetch.response?.data);
});

test("agentFetch returns a real Response with every header as received", async () => {
  const response = await agentFetch(httpAgent)(`${server.url}/json`, { method: "GET", headers: {} });
  assert.instance(response, Response);
  assert.is(response.status, 200);
  assert.is(response.url, `${server.url}/json`);
  assert.equal(response.headers.getSetCookie(), ["a=1", "b=2"]);
  assert.is(response.headers.get("x-repeated"), "one, two");
  assert.equal(await response.json(), { ok: true, text: "héllo" });
  const empty = await agentFetch(httpAgent)(`${server.url}/empty`, { method: "GET", headers: {} });
  assert.is(empty.status, 204);
  assert.is(empty.body, null);
});

test.run();
