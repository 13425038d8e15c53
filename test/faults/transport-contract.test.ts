// One behaviour suite for every transport (test/helpers/security.ts `transports`): `fetch`
// (browsers, Deno, Bun, and `request.fetch` in Node), `node` (Node's default, node:http with
// Node's keep-alive agent: plugins/agent/fetch.ts), `agent` (node:http with the caller's
// agent) and `user` (a transport written by a user, `request.transport`). Each case runs
// against a loopback server and must give the same outcome on all four.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { AbortError, NetworkError, ParameterError, ResponseTooLargeError, TimeoutError } from "../../kernel/index.js";
import { faults, startServer, type TestServer } from "../helpers/server.js";
import {
  runTlsClient,
  selfSignedCertificate,
  startDualServer,
  transports,
  type DualServer,
} from "../helpers/security.js";

const test = suite("transports: one contract for fetch, node:http, agent and a user's own");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const SECRET = "token ghp_contractsecret";
const JSON_TYPE = { "content-type": "application/json" };
const ZEROS = Buffer.alloc(8 * 1024 * 1024); // 8 MiB of zeros: 8 kB gzipped, 20 bytes brotli'd.
const certificate = selfSignedCertificate();
let server: TestServer;
let other: TestServer;
let dual: DualServer | undefined;

test.before(async () => {
  other = await startServer({ "* /landing": (req) => ({ body: { headers: req.headers } }) });
  server = await startServer({
    "* /landing": (req) => ({ body: { method: req.method, headers: req.headers } }),
    "GET /chain": (req) => {
      const left = Number(req.query.get("n"));
      return left > 0 ? { status: 302, headers: { location: `/chain?n=${left - 1}` } } : { body: { done: true } };
    },
    "GET /userinfo": () => ({
      status: 302,
      headers: { location: `http://octocat:hunter2@${new URL(other.url).host}/landing` },
    }),
    "GET /reset": faults.resetMidBody(),
    "GET /slow": faults.delay(2_000),
    "GET /stalled": (_req, res) => {
      res.writeHead(200, { ...JSON_TYPE, "content-length": "100" });
      res.write('{"partial":');
    },
    "GET /early": (_req, res) => {
      res.writeEarlyHints({ link: "</style.css>; rel=preload" });
      res.writeProcessing?.();
      setTimeout(() => (res.writeHead(200, JSON_TYPE), res.end('{"final":true}')), 20);
    },
    "GET /upgrade": (_req, res) =>
      void res.socket?.end("HTTP/1.1 101 Switching Protocols\r\nconnection: upgrade\r\nupgrade: websocket\r\n\r\n"),
    "GET /huge-headers": { headers: { "x-big": "x".repeat(20_000) }, body: {} },
    "GET /empty": { headers: JSON_TYPE, body: "" },
    "GET /repeated": (_req, res) => {
      res.writeHead(200, [
        ["Content-Type", "application/json"],
        ["X-Multi", "a"],
        ["Vary", "Accept"],
        ["x-multi", "b"],
        ["Set-Cookie", "a=1"],
        ["set-cookie", "b=2"],
        ["vary", "Cookie"],
        ["Location", "/one"],
        ["location", "/two"],
        ["Constructor", "not Object's"],
      ]);
      res.end("{}");
    },
    "GET /many-fields": (_req, res) => {
      const fields = Array.from({ length: 80 }, (_, i) => [`X-Field-${String(79 - i).padStart(2, "0")}`, String(i)]);
      res.writeHead(200, [["X-Multi", "a"], ...fields, ["x-multi", "b"]]);
      res.end("{}");
    },
    "DELETE /no-content": { status: 204, headers: { "x-done": "yes" } },
    "HEAD /repo": { headers: { ...JSON_TYPE, "content-length": "17", etag: '"h"' } },
    "GET /gzip": { headers: { ...JSON_TYPE, "content-encoding": "gzip" }, body: gzipSync('{"coding":"gzip"}') },
    "GET /deflate": {
      headers: { ...JSON_TYPE, "content-encoding": "deflate" },
      body: deflateSync('{"coding":"deflate"}'),
    },
    "GET /br": { headers: { ...JSON_TYPE, "content-encoding": "br" }, body: brotliCompressSync('{"coding":"br"}') },
    "GET /gzip-bomb": { headers: { ...JSON_TYPE, "content-encoding": "gzip" }, body: gzipSync(ZEROS) },
    "GET /coding-constructor": { headers: { ...JSON_TYPE, "content-encoding": "constructor" }, body: '{"raw":true}' },
    "GET /coding-proto": { headers: { ...JSON_TYPE, "content-encoding": "__proto__" }, body: '{"raw":true}' },
    "GET /br-bomb": {
      headers: { "content-type": "text/plain", "content-encoding": "br" },
      body: brotliCompressSync(ZEROS),
    },
  });
  server.route("GET /to-other", { status: 302, headers: { location: `${other.url}/landing` } });
  if (certificate)
    dual = await startDualServer(certificate, (req) =>
      req.url === "/down"
        ? { status: 302, headers: { location: `http://127.0.0.1:${dual!.port}/landing` } }
        : { status: 200, body: req.scheme },
    );
});
test.after(async () => {
  httpAgent.destroy();
  await Promise.all([server.close(), other.close(), dual?.close()]);
  certificate?.remove();
});
test.before.each(() => {
  server.requests.length = 0;
  other.requests.length = 0;
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.unreachable("resolved"),
    (e: unknown) => e,
  );

for (const name of ["fetch", "node", "agent", "user"] as const) {
  const client = (options = {}) => make[name]({ baseUrl: server.url, ...options });
  const headers = { authorization: SECRET, cookie: "session=1", "x-keep": "kept" };

  test(`${name}: redirects are followed (a chain of 5); "manual" returns the 3xx with its location`, async () => {
    const followed = await client().request("GET /chain?n=5");
    assert.equal(followed.data, { done: true });
    assert.is(followed.url, `${server.url}/chain?n=0`);
    assert.is(server.requests.length, 6);
    const manual = await client().request("GET /chain?n=1", { request: { redirect: "manual" } });
    assert.is(manual.status, 302);
    assert.is(manual.headers.location, "/chain?n=0");
  });

  test(`${name}: a redirect to another origin drops authorization and cookie, keeps the rest`, async () => {
    const { data } = await client().request("GET /to-other", { headers });
    const sent = (data as { headers: Record<string, string> }).headers;
    assert.is(sent.authorization, undefined);
    assert.is(sent.cookie, undefined);
    assert.is(sent["x-keep"], "kept");
    assert.is(server.requests[0]!.headers.authorization, SECRET, "the first hop had it");
  });

  test(`${name}: a Location with user:password@ is not followed (no Basic auth built from it)`, async () => {
    const error = await failure(client().request("GET /userinfo", { headers }));
    assert.instance(error, NetworkError);
    assert.is((error as NetworkError).status, undefined);
    assert.is(other.requests.length, 0, "nothing reached the Location's server");
    assert.not.match(String((error as Error).message), "hunter2");
  });

  const tlsTest = certificate ? test : test.skip;
  tlsTest(
    `${name}: https → http (verified TLS): followed without credentials; an http URL from https too`,
    async () => {
      dual!.requests.length = 0;
      const results = await runTlsClient(certificate!, dual!.port, [
        { transport: name, base: "https", path: "/down" },
        // A paginate Link from https to http, sent with the client's https agent (agent).
        { transport: name, base: "https", path: `http://127.0.0.1:${dual!.port}/linked` },
      ]);
      assert.equal(
        results.map((r) => r.error ?? r.status),
        [200, 200],
      );
      assert.equal(
        dual!.requests.map((r) => `${r.scheme} ${r.url}`),
        ["https /down", "http /landing", "http /linked"],
      );
      const authorization = dual!.requests.slice(0, 2).map((r) => r.headers.authorization);
      assert.equal(authorization, ["token ghp_tlssecret", undefined], "dropped on the way down");
    },
  );

  test(`${name}: a reset mid-body → NetworkError with the status that arrived`, async () => {
    const error = await failure(client().request("GET /reset"));
    assert.instance(error, NetworkError);
    assert.is((error as NetworkError).status, 200);
    assert.match((error as Error).message, `GET ${server.url}/reset → 200, then the connection closed mid-body`);
  });

  test(`${name}: timeout before the headers and while the body stalls → TimeoutError`, async () => {
    for (const path of ["/slow", "/stalled"]) {
      const error = await failure(client().request(`GET ${path}`, { request: { timeout: 100 } }));
      assert.instance(error, TimeoutError, path);
      assert.is((error as Error).message, `GET ${server.url}${path} → timed out after 100 ms`);
    }
  });

  test(`${name}: the caller's signal aborts (before the headers and during the body) → AbortError`, async () => {
    for (const path of ["/slow", "/stalled"]) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error("stop")), 50);
      const error = await failure(client().request(`GET ${path}`, { request: { signal: controller.signal } }));
      assert.instance(error, AbortError, path);
      assert.is(((error as Error).cause as Error).message, "stop");
    }
  });

  test(`${name}: 1xx answers (103 Early Hints, 102) are skipped; 101 → NetworkError at once`, async () => {
    assert.equal((await client().request("GET /early")).data, { final: true });
    const error = await failure(client().request("GET /upgrade", { request: { timeout: 0 } }));
    assert.instance(error, NetworkError);
    assert.not.instance(error, TimeoutError);
    assert.is((error as Error).message, `GET ${server.url}/upgrade → no response: UND_ERR_SOCKET`);
  });

  test(`${name}: CONNECT → ParameterError before any I/O`, async () => {
    const error = await failure(client().request("CONNECT /landing"));
    assert.instance(error, ParameterError);
    assert.is(server.requests.length, 0);
  });

  test(`${name}: headers over 16 KiB → NetworkError, the same words on every transport`, async () => {
    const error = await failure(client().request("GET /huge-headers"));
    assert.instance(error, NetworkError);
    assert.is((error as Error).message, `GET ${server.url}/huge-headers → no response: UND_ERR_HEADERS_OVERFLOW`);
  });

  test(`${name}: repeated and mixed-case fields: names lower-cased and sorted, values joined as received`, async () => {
    const { headers } = await client().request("GET /repeated");
    const names = Object.keys(headers);
    assert.equal(names, [...names].sort());
    assert.equal(
      [headers["x-multi"], headers.vary, headers.location, headers["set-cookie"]],
      ["a, b", "Accept, Cookie", "/one, /two", "b=2"],
    );
    assert.is(headers.constructor, "not Object's", "a field named like an Object.prototype member is a field");
    // A head with more fields than most (sorted another way by plugins/agent/fetch.ts).
    const many = (await client().request("GET /many-fields")).headers;
    const manyNames = Object.keys(many);
    assert.equal(manyNames, [...manyNames].sort());
    assert.equal([many["x-multi"], many["x-field-00"], many["x-field-79"]], ["a, b", "79", "0"]);
  });

  test(`${name}: an empty JSON body → ""; 204 → no data, headers kept; HEAD → no data`, async () => {
    const empty = await client().request("GET /empty");
    assert.is(empty.data, "");
    const none = await client().request("DELETE /no-content");
    assert.is(none.status, 204);
    assert.is(none.data, undefined);
    assert.is(none.headers["x-done"], "yes");
    const head = await client().request("HEAD /repo");
    assert.is(head.data, undefined);
    assert.is(head.headers.etag, '"h"');
  });

  test(`${name}: gzip, deflate and br bodies are decoded; accept-encoding asks for them`, async () => {
    for (const coding of ["gzip", "deflate", "br"]) {
      const response = await client().request(`GET /${coding}`);
      assert.equal(response.data, { coding }, coding);
    }
    // Node 20's fetch (also under the user's transport) asks for gzip and deflate only; node:http for all three.
    const asked = String(server.requests[0]!.headers["accept-encoding"]);
    if (name === "fetch" || name === "user") assert.match(asked, /^gzip, deflate/);
    else assert.is(asked, "gzip, deflate, br");
  });

  test(`${name}: a content-encoding naming an Object member is no decoder: the body comes as sent`, async () => {
    for (const path of ["/coding-constructor", "/coding-proto"]) {
      const response = await client().request(`GET ${path}`);
      assert.equal(response.data, { raw: true }, path);
    }
  });

  test(`${name}: decompression bombs (gzip JSON, br text) stop at request.maxBodyBytes`, async () => {
    for (const path of ["/gzip-bomb", "/br-bomb"]) {
      const error = await failure(client().request(`GET ${path}`, { request: { maxBodyBytes: 1024 * 1024 } }));
      assert.instance(error, ResponseTooLargeError, path);
      assert.is((error as ResponseTooLargeError).limit, 1024 * 1024);
    }
  });
}

test.run();
