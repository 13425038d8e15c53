// A proxy that refuses the connection, hangs up, or refuses the tunnel used to be reported as
// the API's own failure (`ECONNREFUSED` from api.github.com, or the proxy's 407/502 as if the
// API had answered it), with no word of the proxy. Now the error names the proxy (never its
// credentials) and says how to fix or bypass it. A real CONNECT proxy on 127.0.0.1 that
// misbehaves on request; the proxy applies to the node:http transport (a `request.fetch`, or
// an `agent` of the caller's, sends without it: checked below).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { createServer, connect, type Server, type Socket, type AddressInfo } from "node:net";
import { AbortError, HttpError, NetworkError, TimeoutError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { exposures, leaks, WithAgent } from "../helpers/security.js";

const test = suite("agent: a proxy that fails is named, with the fix");
const SECRET = "pr0xy-pa55";
let target: TestServer;
let proxy: Server;
let port: number;
/** What the proxy does with the next CONNECT. */
let behaviour: "tunnel" | "407" | "502" | "hang-up" | "silent" | "garbage" | "huge" = "tunnel";
let connects = 0;
/** When the proxy saw its client's socket close (ms, performance.now()). */
let closedAt: number | undefined;
const sockets = new Set<Socket>();
const httpAgent = new Agent();

test.before(async () => {
  target = await startServer({ "GET /hello": { body: { hello: "world" } } });
  proxy = createServer((client) => {
    sockets.add(client);
    client.on("error", () => {});
    client.once("close", () => (closedAt = performance.now()));
    client.once("data", (head) => {
      connects++;
      // Accepts, reads the CONNECT, never answers: the half-open socket stays until the client closes it.
      if (behaviour === "silent") return;
      if (behaviour === "garbage") return void client.write(`SSH-2.0-OpenSSH\u0007${"x".repeat(500)}\r\n\r\n`);
      // A head with no end, 64 KiB long, in pieces.
      if (behaviour === "huge") {
        for (let i = 0; i < 64; i++) client.write(`x-filler-${i}: ${"y".repeat(1000)}\r\n`);
        return;
      }
      const where = head.toString("latin1").split(" ")[1] ?? "";
      if (behaviour === "hang-up") return void client.destroy();
      if (behaviour === "407")
        return void client.end(
          `HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm="p"\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`,
        );
      if (behaviour === "502")
        return void client.end(
          "HTTP/1.1 502 Bad Gateway\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}",
        );
      const [host, targetPort] = where.split(":");
      const upstream = connect(Number(targetPort), host, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client).pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on("error", () => client.destroy());
    });
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  port = (proxy.address() as AddressInfo).port;
});
test.after(async () => {
  for (const socket of sockets) socket.destroy();
  httpAgent.destroy();
  await new Promise((done) => proxy.close(done));
  await target.close();
});
test.before.each(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((done) => setTimeout(done, 20));
  target.requests.length = 0;
  connects = 0;
  closedAt = undefined;
  behaviour = "tunnel";
});

const proxyWith = (p: number) => `http://me:${SECRET}@127.0.0.1:${p}`;
const targetHost = () => new URL(target.url).hostname;
const fails = (request: Record<string, unknown>) =>
  new WithAgent({ baseUrl: target.url, request }).request("GET /hello").then(
    (response) => `resolved with ${response.status}`,
    (e: unknown) => e,
  );

function assertNamesProxy(error: unknown, p: number, what: RegExp): void {
  assert.instance(error, NetworkError);
  assert.not.instance(error, HttpError);
  const { message } = error as Error;
  assert.match(message, `GET ${target.url}/hello → no response: `);
  assert.match(message, what);
  assert.match(message, `http://127.0.0.1:${p}`);
  assert.match(message, `bypass the proxy with request.proxy: false or NO_PROXY=${targetHost()}`);
  assert.equal(leaks(exposures(error), [SECRET, Buffer.from(`me:${SECRET}`).toString("base64")]), []);
}

test("a proxy that refuses connections → ECONNREFUSED at the proxy, named, with the fix", async () => {
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
  const gone = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  assertNamesProxy(
    await fails({ proxy: proxyWith(gone) }),
    gone,
    /ECONNREFUSED at the proxy http:\/\/127\.0\.0\.1:\d+ \(is it running/,
  );
});

test("the same proxy from HTTPS_PROXY/HTTP_PROXY: named the same way", async () => {
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
  const gone = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  process.env.HTTP_PROXY = proxyWith(gone);
  try {
    assertNamesProxy(await fails({}), gone, /ECONNREFUSED at the proxy/);
  } finally {
    delete process.env.HTTP_PROXY;
  }
});

test("a proxy that hangs up before answering CONNECT → ECONNRESET at the proxy", async () => {
  behaviour = "hang-up";
  assertNamesProxy(await fails({ proxy: proxyWith(port) }), port, /ECONNRESET at the proxy/);
  assert.is(target.requests.length, 0);
});

for (const [status, why] of [
  [
    "407",
    /answered CONNECT 127\.0\.0\.1:\d+ with 407 Proxy Authentication Required \(check the credentials in its URL\)/,
  ],
  ["502", /answered CONNECT 127\.0\.0\.1:\d+ with 502 Bad Gateway \(it could not or would not reach that host\)/],
] as const) {
  test(`a proxy that answers CONNECT with ${status} → a NetworkError naming it, not the API's ${status}`, async () => {
    behaviour = status;
    const error = await fails({ proxy: proxyWith(port) });
    assertNamesProxy(error, port, /^GET \S+ → no response: ERR_PROXY_TUNNEL: the proxy /);
    assert.ok(why.test((error as Error).message), (error as Error).message);
    assert.is(connects, 1);
    assert.is(target.requests.length, 0);
  });
}

test("a working proxy: the request goes through, and nothing is said", async () => {
  const { data } = await new WithAgent({ baseUrl: target.url, request: { proxy: proxyWith(port) } }).request(
    "GET /hello",
  );
  assert.equal(data, { hello: "world" });
  assert.is(connects, 1);
});

test("fetch and an agent of the caller's do not use the proxy: a failing one cannot fail them", async () => {
  behaviour = "502";
  const viaFetch = new WithAgent({ baseUrl: target.url, request: { proxy: proxyWith(port), fetch: globalThis.fetch } });
  const viaAgent = new WithAgent({ baseUrl: target.url, agent: httpAgent, request: { proxy: proxyWith(port) } });
  assert.equal((await viaFetch.request("GET /hello")).data, { hello: "world" });
  assert.equal((await viaAgent.request("GET /hello")).data, { hello: "world" });
  assert.is(connects, 0);
});

// A proxy that accepts and stays silent held the request forever: node:http tells a request
// aborted before it has a socket nothing, and the half-open CONNECT stayed open too.
test("a proxy that never answers CONNECT: the request fails at its timeout, and the socket closes then", async () => {
  behaviour = "silent";
  const started = performance.now();
  const error = await fails({ proxy: proxyWith(port), timeout: 300 });
  const failedAt = performance.now();
  assert.instance(error, TimeoutError);
  assert.ok(failedAt - started >= 290, `failed after ${failedAt - started} ms`);
  assert.ok(failedAt - started < 5000, `failed after ${failedAt - started} ms`);
  await new Promise((done) => setTimeout(done, 100));
  assert.ok(closedAt !== undefined, "the proxy's socket is still open");
  assert.ok(closedAt! - failedAt < 100, `closed ${closedAt! - failedAt} ms after the request failed`);
  assert.is(connects, 1);
  assert.equal(leaks(exposures(error), [SECRET, Buffer.from(`me:${SECRET}`).toString("base64")]), []);
});

test("…and at the caller's abort", async () => {
  behaviour = "silent";
  const signal = AbortSignal.timeout(200);
  const error = await fails({ proxy: proxyWith(port), signal });
  assert.instance(error, AbortError);
  await new Promise((done) => setTimeout(done, 100));
  assert.ok(closedAt !== undefined, "the proxy's socket is still open");
});

test("…and without a timeout, after request.idleTimeout, named with the fix", async () => {
  behaviour = "silent";
  const error = await fails({ proxy: proxyWith(port), idleTimeout: 300 });
  assertNamesProxy(
    error,
    port,
    /UND_ERR_CONNECT_TIMEOUT: the proxy \S+ did not answer CONNECT 127\.0\.0\.1:\d+ within 300 ms \(request\.idleTimeout\)/,
  );
  await new Promise((done) => setTimeout(done, 100));
  assert.ok(closedAt !== undefined, "the proxy's socket is still open");
});

test("a proxy that answers CONNECT with something that is not HTTP: a bounded, printable message", async () => {
  behaviour = "garbage";
  const error = await fails({ proxy: proxyWith(port) });
  assertNamesProxy(
    error,
    port,
    /ERR_PROXY_TUNNEL: the proxy \S+ answered CONNECT \S+ with "SSH-2\.0-OpenSSH\\u0007x+…" \(not an HTTP answer: is it an HTTP proxy\?\)/,
  );
  assert.ok((error as Error).message.length < 600, (error as Error).message);
  assert.is(target.requests.length, 0);
});

test("a proxy whose answer to CONNECT has no end of head: refused past 16 KiB, named", async () => {
  behaviour = "huge";
  const error = await fails({ proxy: proxyWith(port) });
  assertNamesProxy(
    error,
    port,
    /ERR_PROXY_TUNNEL: the proxy \S+ answered CONNECT \S+ with a head over 16 KiB and no end/,
  );
  assert.ok((error as Error).message.length < 600, (error as Error).message);
  await new Promise((done) => setTimeout(done, 100));
  assert.ok(closedAt !== undefined, "the proxy's socket is still open");
});

test.run();
