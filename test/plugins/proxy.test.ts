// Proxies on Node (the agent plugin, part of the full preset): the `request.proxy` option and
// HTTPS_PROXY/HTTP_PROXY/NO_PROXY, upper and lower case, through a real CONNECT proxy started
// by this test on 127.0.0.1. Proxy credentials reach the proxy and nothing else.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { NetworkError, ParameterError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { exposures, WithAgent } from "../helpers/security.js";

const test = suite("agent: proxies");
const VARS = [
  "HTTPS_PROXY",
  "https_proxy",
  "HTTP_PROXY",
  "http_proxy",
  "ALL_PROXY",
  "all_proxy",
  "NO_PROXY",
  "no_proxy",
];
const SECRET = "pr0xy-s3cret";
let target: TestServer;
let proxy: Server;
let proxyUrl: string;
/** Each CONNECT the proxy received: its target and its proxy-authorization header. */
const tunnels: Array<{ target: string; auth?: string }> = [];
const sockets = new Set<Socket>();

test.before(async () => {
  target = await startServer({ "GET /hello": { body: { hello: "world" } } });
  proxy = createServer((client) => {
    sockets.add(client);
    client.once("data", (head) => {
      const text = head.toString("latin1");
      const [line = "", ...fields] = text.split("\r\n\r\n")[0]!.split("\r\n");
      const [method, where = ""] = line.split(" ");
      const auth = fields.find((f) => /^proxy-authorization:/i.test(f))?.replace(/^[^:]+:\s*/, "");
      tunnels.push({ target: where, auth });
      if (method !== "CONNECT") return void client.end("HTTP/1.1 405 Method Not Allowed\r\n\r\n");
      const [host, port] = where.split(":");
      const upstream = connect(Number(port), host, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client).pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
test.after(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((done) => proxy.close(done));
  await target.close();
});
// Each test opens its own tunnels: the proxy agents keep theirs alive between requests.
test.before.each(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((done) => setTimeout(done, 20));
  tunnels.length = 0;
  for (const name of VARS) delete process.env[name];
});

const client = (request = {}) => new WithAgent({ baseUrl: target.url, request });
const targetHost = () => new URL(target.url).host;

test("request.proxy: the request goes through a CONNECT tunnel, with the proxy's credentials", async () => {
  const url = new URL(proxyUrl);
  url.username = "me";
  url.password = SECRET;
  const { data } = await client({ proxy: url.href }).request("GET /hello");
  assert.equal(data, { hello: "world" });
  assert.is(tunnels.length, 1);
  assert.is(tunnels[0]!.target, targetHost());
  assert.is(tunnels[0]!.auth, `Basic ${Buffer.from(`me:${SECRET}`).toString("base64")}`);
  assert.is(target.requests.at(-1)!.headers["proxy-authorization"], undefined, "the target never sees it");
});

for (const name of ["HTTP_PROXY", "http_proxy", "ALL_PROXY"]) {
  test(`${name} is honoured for an http URL`, async () => {
    process.env[name] = proxyUrl;
    const { data } = await client().request("GET /hello");
    assert.equal(data, { hello: "world" });
    assert.is(tunnels.length, 1);
  });
}

test("HTTPS_PROXY alone does not apply to an http URL", async () => {
  process.env.HTTPS_PROXY = proxyUrl;
  await client().request("GET /hello");
  assert.is(tunnels.length, 0);
});

for (const name of ["NO_PROXY", "no_proxy"]) {
  test(`${name} naming the host sends directly`, async () => {
    process.env.HTTP_PROXY = proxyUrl;
    process.env[name] = "example.com, 127.0.0.1";
    const { data } = await client().request("GET /hello");
    assert.equal(data, { hello: "world" });
    assert.is(tunnels.length, 0);
  });
}

// The environment's rules (plugins/agent/proxy.ts), each form of a NO_PROXY entry.
for (const [list, proxied] of [
  ["*", false],
  [".0.0.1", false],
  ["*.0.0.1", false],
  ["0.0.1", true],
  ["127.0.0.10", true],
  ["127.0.0.1:{port}", false],
  ["127.0.0.1:1", true],
  ["example.com,,  localhost", true],
] as const) {
  test(`NO_PROXY=${list}: ${proxied ? "through the proxy" : "direct"}`, async () => {
    process.env.http_proxy = proxyUrl;
    process.env.NO_PROXY = list.replace("{port}", new URL(target.url).port);
    await client().request("GET /hello");
    assert.is(tunnels.length, proxied ? 1 : 0);
  });
}

test("a proxy variable without a scheme takes the URL's", async () => {
  process.env.HTTP_PROXY = new URL(proxyUrl).host;
  assert.equal((await client().request("GET /hello")).data, { hello: "world" });
  assert.is(tunnels.length, 1);
});

test("the tunnel is kept alive: a second request to the host reuses it", async () => {
  const proxied = client({ proxy: proxyUrl });
  await proxied.request("GET /hello");
  assert.equal((await proxied.request("GET /hello")).data, { hello: "world" });
  assert.is(tunnels.length, 1);
  assert.is(target.requests.length >= 2, true);
});

test("a URL without a port: CONNECT names the scheme's default port", async () => {
  const error = await new WithAgent({ baseUrl: "http://localhost", request: { proxy: proxyUrl, retries: 0 } })
    .request("GET /hello")
    .catch((e: unknown) => e);
  assert.instance(error, NetworkError);
  assert.equal(
    tunnels.map((tunnel) => tunnel.target),
    ["localhost:80"],
  );
});

test("a proxy named by request.proxy is used even when globalThis.fetch is replaced (a wrapper never bypasses it)", async () => {
  const own = globalThis.fetch;
  const seen: string[] = [];
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    seen.push(String(input));
    return own(input, init);
  }) as typeof fetch;
  try {
    const { data } = await client({ proxy: proxyUrl }).request("GET /hello");
    assert.equal(data, { hello: "world" });
    assert.is(tunnels.length, 1);
    assert.equal(seen, []);
    // One from the environment gives way to the replaced fetch (a test's mock).
    process.env.HTTP_PROXY = proxyUrl;
    await client().request("GET /hello");
    assert.is(tunnels.length, 1);
    assert.is(seen.length, 1);
  } finally {
    globalThis.fetch = own;
  }
});

test("request.proxy false turns the environment's proxy off", async () => {
  process.env.HTTP_PROXY = proxyUrl;
  await client({ proxy: false }).request("GET /hello");
  assert.is(tunnels.length, 0);
});

test("a proxy that refuses connections → NetworkError; its credentials appear nowhere", async () => {
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  const error = await client({ proxy: `http://me:${SECRET}@127.0.0.1:${port}` })
    .request("GET /hello")
    .catch((e: unknown) => e);
  assert.instance(error, NetworkError);
  assert.match(
    (error as Error).message,
    `no response: ECONNREFUSED at the proxy http://127.0.0.1:${port} (is it running, at this address?)`,
  );
  for (const [where, text] of Object.entries(exposures(error))) assert.not.ok(text.includes(SECRET), where);
});

for (const bad of ["ftp://127.0.0.1:1", "not a url", 42, `socks5://me:${SECRET}@127.0.0.1:1`]) {
  test(`request.proxy ${typeof bad === "string" ? bad.replace(SECRET, "…") : bad} → ParameterError before any I/O, no credentials in it`, async () => {
    target.requests.length = 0;
    const error = await client({ proxy: bad })
      .request("GET /hello")
      .catch((e: unknown) => e);
    assert.instance(error, ParameterError);
    assert.match((error as Error).message, /request\.proxy must be an http:\/\/ or https:\/\/ URL, or false/);
    assert.not.ok((error as Error).message.includes(SECRET));
    assert.is(target.requests.length, 0);
    assert.is(tunnels.length, 0);
  });
}

test.run();
