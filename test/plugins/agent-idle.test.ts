// The agent transport's inactivity limit (request.idleTimeout, undici's headersTimeout and
// bodyTimeout for fetch): a silent server cannot hold a request forever, even with timeout 0.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { NetworkError, ParameterError, TimeoutError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { WithAgent } from "../helpers/security.js";

const test = suite("agent: request.idleTimeout");
const httpAgent = new Agent({ keepAlive: true });
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /silent": () => new Promise<void>(() => {}),
    "GET /fast": { body: { ok: true } },
    "GET /stalled-body": (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"partial":');
    },
    // A byte every 50 ms: never idle for 200 ms, complete after ~400 ms.
    "GET /slow-body": (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": "8" });
      let sent = 0;
      const timer = setInterval(() => (res.write("x"), ++sent === 8 && (clearInterval(timer), res.end())), 50);
    },
  });
});
test.after(async () => {
  httpAgent.destroy();
  oneSocket.destroy();
  await server.close();
});

const client = () => new WithAgent({ baseUrl: server.url, agent: httpAgent, request: { idleTimeout: 200 } });

test("no headers within idleTimeout → NetworkError naming undici's headers-timeout code", async () => {
  const error = await client()
    .request("GET /silent")
    .catch((e: unknown) => e);
  assert.instance(error, NetworkError);
  assert.not.instance(error, TimeoutError);
  assert.is((error as Error).message, `GET ${server.url}/silent → no response: UND_ERR_HEADERS_TIMEOUT`);
});

test("no body byte within idleTimeout → NetworkError naming undici's body-timeout code", async () => {
  const error = await client()
    .request("GET /stalled-body")
    .catch((e: unknown) => e);
  assert.instance(error, NetworkError);
  assert.match((error as Error).message, /UND_ERR_BODY_TIMEOUT$/, (error as Error).message);
});

test("a slow body that keeps sending is not cut off: the limit is inactivity, not a deadline", async () => {
  const response = await client().request("GET /slow-body");
  assert.is(response.data, "xxxxxxxx");
});

// One timer per socket (plugins/agent/fetch.ts), refreshed for each request the socket serves.
const oneSocket = new Agent({ keepAlive: true, maxSockets: 1 });
const onOneSocket = (idleTimeout: number) =>
  new WithAgent({ baseUrl: server.url, agent: oneSocket, request: { idleTimeout, timeout: 3000 } });

test("a keep-alive socket's next request is timed too, with its own idleTimeout", async () => {
  for (let i = 0; i < 3; i++) await onOneSocket(5000).request("GET /fast");
  const socket = Object.values(oneSocket.freeSockets).flat()[0]!;
  const started = performance.now();
  const error = await onOneSocket(200)
    .request("GET /silent")
    .catch((e: unknown) => e);
  const took = performance.now() - started;
  assert.instance(error, NetworkError);
  assert.not.instance(error, TimeoutError);
  assert.match((error as Error).message, /UND_ERR_HEADERS_TIMEOUT$/);
  assert.ok(took >= 190 && took < 1000, `failed after ${took} ms`);
  assert.ok(socket.destroyed, "the silent request did not run on the reused socket");
});

test("a done request's timer rests: its idle socket is not closed by it", async () => {
  await onOneSocket(100).request("GET /fast");
  await new Promise((done) => setTimeout(done, 400));
  const sockets = Object.values(oneSocket.freeSockets).flat();
  assert.is(sockets.length, 1);
  assert.not.ok(sockets[0]!.destroyed);
  assert.equal((await onOneSocket(100).request("GET /fast")).data, { ok: true });
});

for (const bad of [-1, Number.NaN, "200"]) {
  test(`request.idleTimeout ${JSON.stringify(bad)} → ParameterError before any I/O`, async () => {
    server.requests.length = 0;
    const error = await client()
      .request("GET /slow-body", { request: { idleTimeout: bad as number } })
      .catch((e: unknown) => e);
    assert.instance(error, ParameterError);
    assert.match((error as Error).message, /request\.idleTimeout must be a number of milliseconds, 0 or more/);
    assert.is(server.requests.length, 0);
  });
}

test.run();
