// Faults a server or the network can produce, on both transports (fetch and agent). The
// kernel's own tests cover timeouts, resets and aborts during the headers and the fetch
// transport's error shapes; this file adds what they leave out and the agent side of each.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { randomBytes } from "node:crypto";
import { AbortError, HttpError, NetworkError, TimeoutError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("faults: what both transports survive");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const BYTES = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, n) => n)), randomBytes(1_000_000)]);
let server: TestServer;
let closedUrl: string;

test.before(async () => {
  server = await startServer({
    // Status line and one header, then the connection drops before the blank line.
    "GET /partial-headers": (_req, res) =>
      void res.socket?.end("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"),
    // Headers and half the body, then silence (until the client gives up).
    "GET /stalled-body": (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"partial":');
    },
    "GET /503": { status: 503, body: { message: "Service Unavailable" } },
    "GET /503-retry-after": { status: 503, headers: { "retry-after": "120" }, body: "" },
    "GET /502-html": {
      status: 502,
      headers: { "content-type": "text/html" },
      body: "<html><body>Bad Gateway</body></html>",
    },
    "GET /bad-json-422": {
      status: 422,
      headers: { "content-type": "application/json; charset=utf-8", "x-github-request-id": "F00D:1" },
      body: '{"message": "Validation Failed", ',
    },
    "GET /bad-json-200": {
      headers: { "content-type": "application/vnd.github+json", etag: '"e1"' },
      body: "<html>not json</html>",
    },
    "GET /empty-404-json": { status: 404, headers: { "content-type": "application/json" }, body: "" },
    "GET /empty-410": { status: 410, body: "" },
    "DELETE /204": { status: 204, headers: { "x-done": "yes" } },
    "GET /304": { status: 304, headers: { etag: '"e2"' } },
    "GET /binary": { headers: { "content-type": "application/octet-stream" }, body: BYTES },
    "GET /zip": { headers: { "content-type": "application/zip" }, body: BYTES.subarray(0, 300) },
    "GET /int64": {
      headers: { "content-type": "application/json" },
      body: '{"id":9007199254740993,"safe":9007199254740991,"big":123456789012345678901,"node_id":"MDQ6VXNlcjE="}',
    },
  });
  const closed = await startServer();
  closedUrl = closed.url;
  await closed.close();
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));

for (const name of ["fetch", "agent"] as const) {
  const client = (options = {}) => make[name]({ baseUrl: server.url, ...options });

  test(`${name}: connection refused → NetworkError with the cause, no status, the same message on both transports`, async () => {
    const error = await make[name]({ baseUrl: closedUrl })
      .request("GET /")
      .catch((e: unknown) => e);
    assert.instance(error, NetworkError);
    assert.not.instance(error, TimeoutError);
    assert.is((error as { status?: number }).status, undefined);
    assert.ok((error as Error).cause, "keeps the original error");
    assert.is((error as Error).message, `GET ${closedUrl}/ → no response: ECONNREFUSED`);
  });

  test(`${name}: the connection drops in the middle of the headers → NetworkError`, async () => {
    const error = await client()
      .request("GET /partial-headers")
      .catch((e: unknown) => e);
    assert.instance(error, NetworkError);
    assert.match((error as Error).message, /→ no response: /);
  });

  test(`${name}: a body that stalls → TimeoutError, even though the headers arrived`, async () => {
    const error = await client({ timeout: 50 })
      .request("GET /stalled-body")
      .catch((e: unknown) => e);
    assert.instance(error, TimeoutError);
    assert.is((error as TimeoutError).timeout, 50);
  });

  test(`${name}: the caller aborts while the body is arriving → AbortError whose cause is the reason`, async () => {
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    const pending = client().request("GET /stalled-body", { request: { signal: controller.signal } });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    controller.abort(reason);
    const error = await pending.catch((e: unknown) => e);
    assert.instance(error, AbortError);
    assert.not.instance(error, TimeoutError);
    assert.is((error as Error).cause, reason);
    assert.is((error as Error).message, `GET ${server.url}/stalled-body → aborted by the caller's signal`);
  });

  test(`${name}: aborting after the response arrived changes nothing`, async () => {
    const controller = new AbortController();
    const response = await client().request("GET /int64", { request: { signal: controller.signal } });
    controller.abort();
    assert.is(response.status, 200);
  });

  test(`${name}: 5xx without the retry plugin → one request, a clean HttpError`, async () => {
    const error = await client()
      .request("GET /503")
      .catch((e: unknown) => e);
    assert.instance(error, HttpError);
    assert.is((error as HttpError).status, 503);
    assert.is((error as Error).message, `GET ${server.url}/503 → 503 Service Unavailable: Service Unavailable`);
    assert.is(server.requests.length, 1);
  });

  test(`${name}: 5xx with Retry-After → one request; the header is kept for whoever retries`, async () => {
    const error = (await client()
      .request("GET /503-retry-after")
      .catch((e: unknown) => e)) as HttpError;
    assert.instance(error, HttpError);
    assert.is(error.headers["retry-after"], "120");
    assert.is(error.response.headers["retry-after"], "120");
    assert.is(server.requests.length, 1);
  });

  test(`${name}: a 502 HTML page → HttpError with the page as text data`, async () => {
    const error = (await client()
      .request("GET /502-html")
      .catch((e: unknown) => e)) as HttpError;
    assert.is(error.status, 502);
    assert.is(error.response.data, "<html><body>Bad Gateway</body></html>");
    assert.is(error.message, `GET ${server.url}/502-html → 502 Bad Gateway: <html><body>Bad Gateway</body></html>`);
  });

  for (const [path, status] of [
    ["/bad-json-422", 422],
    ["/bad-json-200", 200],
  ] as const) {
    test(`${name}: malformed JSON with a JSON content type (${status}) → HttpError keeping status, headers and the text`, async () => {
      const error = (await client()
        .request(`GET ${path}`)
        .catch((e: unknown) => e)) as HttpError;
      assert.instance(error, HttpError);
      assert.is(error.status, status);
      assert.match(error.message, new RegExp(`→ ${status} [\\w ]+: the response body is not valid JSON \\(`));
      assert.match(error.headers["content-type"]!, /json/);
      assert.is(typeof error.response.data, "string");
      if (status === 422) assert.is(error.headers["x-github-request-id"], "F00D:1");
      else assert.is(error.headers.etag, '"e1"');
    });
  }

  test(`${name}: empty 4xx bodies (JSON-typed and untyped) → readable messages`, async () => {
    const json = (await client()
      .request("GET /empty-404-json")
      .catch((e: unknown) => e)) as HttpError;
    assert.is(json.message, `GET ${server.url}/empty-404-json → 404 Not Found`);
    assert.is(json.response.data, "");
    const plain = (await client()
      .request("GET /empty-410")
      .catch((e: unknown) => e)) as HttpError;
    assert.is(plain.message, `GET ${server.url}/empty-410 → 410 Gone`);
  });

  test(`${name}: 204 → no data, headers kept; 304 → HttpError with its etag`, async () => {
    const response = await client().request("DELETE /204");
    assert.is(response.status, 204);
    assert.is(response.data, undefined);
    assert.is(response.headers["x-done"], "yes");
    const error = (await client()
      .request("GET /304")
      .catch((e: unknown) => e)) as HttpError;
    assert.is(error.status, 304);
    assert.is(error.headers.etag, '"e2"');
  });

  test(`${name}: a binary body (every byte value, then 1 MB of random bytes) arrives intact`, async () => {
    const { data } = await client().request("GET /binary");
    assert.instance(data, ArrayBuffer);
    assert.ok(Buffer.from(data as ArrayBuffer).equals(BYTES), "bytes differ");
    const zip = await client().request("GET /zip");
    assert.ok(Buffer.from(zip.data as ArrayBuffer).equals(BYTES.subarray(0, 300)));
  });

  test(`${name}: int64 ids: JSON numbers above 2^53 lose precision (as in every JS client); ids as strings do not`, async () => {
    const { data } = await client().request("GET /int64");
    assert.is(data.id, 9007199254740992, "9007199254740993 is not representable: the nearest double");
    assert.is(data.safe, Number.MAX_SAFE_INTEGER);
    assert.ok(Number.isSafeInteger(data.safe) && !Number.isSafeInteger(data.id));
    assert.is(data.big, 123456789012345680000);
    assert.is(data.node_id, "MDQ6VXNlcjE=");
  });
}

test.run();
