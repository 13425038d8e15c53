// Issue 35, item 4: a proxy agent built on agent-base ≤ 6 (https-proxy-agent 5 here, the real
// package; proxy-agent ≤ 5 is the same base) was bypassed for https URLs: its `protocol`
// getter reads the call stack and says "http:" outside node:https, so the transport took
// Node's global https agent and went straight to the server. A proxy the caller configured is
// used, as @octokit/rest 16 uses it. Real CONNECT proxy and HTTPS server on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer as createHttps, type Server as HttpsServer } from "node:https";
import { createServer, connect, type Server, type Socket, type AddressInfo } from "node:net";
import { createRequire } from "node:module";
import forgekit, { Octokit } from "../../plugins/presets/full.js";
import { selfSignedCertificate } from "../helpers/security.js";

const require = createRequire(import.meta.url);
const HttpsProxyAgent = require("https-proxy-agent-5") as new (proxy: string) => object;
const V16 = require("octokit-rest-v16").Octokit as new (options: object) => any;

const test = suite("regression: agent-base 6 proxy agents are used for https");
const certificate = selfSignedCertificate();
let target: HttpsServer;
let targetUrl: string;
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];
const arrived: string[] = [];
const sockets = new Set<Socket>();
const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

test.before(async () => {
  if (!certificate) throw new Error("this test needs Debian's openssl to make a certificate");
  // The proxy agent's TLS to the target cannot be given a CA: trust the test's certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  target = createHttps({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    arrived.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ hello: "world" }));
  });
  await new Promise<void>((done) => target.listen(0, "127.0.0.1", done));
  targetUrl = `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
  proxy = createServer((client) => {
    sockets.add(client);
    client.once("data", (head) => {
      const [method, where = ""] = head.toString("latin1").split("\r\n")[0]!.split(" ");
      tunnels.push(`${method} ${where}`);
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
  if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
  for (const socket of sockets) socket.destroy();
  await new Promise((done) => proxy.close(done));
  target.closeAllConnections();
  await new Promise((done) => target.close(done));
});
test.before.each(() => {
  tunnels.length = 0;
  arrived.length = 0;
});

/** One request through a fresh https-proxy-agent 5; what the proxy and the server saw. */
async function through(make: (agent: object) => any) {
  tunnels.length = 0;
  arrived.length = 0;
  const { data } = await make(new HttpsProxyAgent(proxyUrl)).request("GET /hello");
  return { data, tunnels: [...tunnels], arrived: [...arrived] };
}

test("https through https-proxy-agent 5: one CONNECT, then the request, as on @octokit/rest 16", async () => {
  const expected = {
    data: { hello: "world" },
    tunnels: [`CONNECT ${new URL(targetUrl).host}`],
    arrived: ["GET /hello"],
  };
  assert.equal(await through((agent) => new V16({ baseUrl: targetUrl, request: { agent } })), expected);
  assert.equal(await through((agent) => new Octokit({ baseUrl: targetUrl, request: { agent } })), expected);
  assert.equal(await through((agent) => forgekit({ baseUrl: targetUrl, agent })), expected);
});

test.run();
