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
import { HttpError, NetworkError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { exposures, leaks, WithAgent } from "../helpers/security.js";

const test = suite("agent: a proxy that fails is named, with the fix");
const SECRET = "pr0xy-pa55";
let target: TestServer;
let proxy: Server;
let port: number;
/** What the proxy does with the next CONNECT. */
let behaviour: "tunnel" | "407" | "502" | "hang-up" = "tunnel";
let connects = 0;
const sockets = new Set<Socket>();
const httpAgent = new Agent();

test.before(async () => {
  target = await startServer({ "GET /hello": { body: { hello: "world" } } });
  proxy = createServer((client) => {
    sockets.add(client);
    client.on("error", () => {});
    client.once("data", (head) => {
      connects++;
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

test.run();
