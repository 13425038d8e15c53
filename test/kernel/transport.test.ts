import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import {
  Client,
  NetworkError,
  TimeoutError,
  AbortError,
  isTimeoutError,
  isNetworkError,
  ParameterError,
  fetchTransport,
} from "../../kernel/index.js";
import { agent as agentPlugin } from "../../plugins/agent/index.js";
import { faults, startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: transports (fetch and agent)");
let server: TestServer;
const httpAgent = new Agent({ keepAlive: true });
const WithAgent = Client.plugin(agentPlugin);

test.before(async () => {
  server = await startServer({
    "GET /slow-headers": faults.delay(1000),
    "GET /slow-body": faults.slowBody(1000),
    "GET /reset-mid-body": faults.resetMidBody(),
    "GET /reset": faults.reset(),
    "GET /ok": { body: { ok: true } },
    "GET /agent-seen": (req) => ({ body: { connection: req.headers.connection } }),
  });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));

const transports = {
  fetch: (options = {}) => new Client({ baseUrl: server.url, ...options }),
  agent: (options = {}) => new WithAgent({ baseUrl: server.url, agent: httpAgent, ...options }),
};

for (const [name, make] of Object.entries(transports)) {
  test(`${name}: a plain request works`, async () => {
    const { data } = await make().request("GET /ok");
    assert.equal(data, { ok: true });
  });

  test(`${name}: client timeout during slow headers → TimeoutError`, async () => {
    const error = await make({ timeout: 50 })
      .request("GET /slow-headers")
      .catch((e: unknown) => e);
    assert.instance(error, TimeoutError);
    assert.ok(isTimeoutError(error) && isNetworkError(error));
    assert.is((error as TimeoutError).timeout, 50);
    assert.ok(/timed out after 50 ms/.test((error as Error).message));
  });

  test(`${name}: per-call timeout during a slow body → TimeoutError`, async () => {
    const error = await make()
      .request("GET /slow-body", { request: { timeout: 50 } })
      .catch((e: unknown) => e);
    assert.instance(error, TimeoutError);
  });

  test(`${name}: a connection reset mid-body rejects with NetworkError (does not hang)`, async () => {
    const started = Date.now();
    const error = await make()
      .request("GET /reset-mid-body")
      .catch((e: unknown) => e);
    assert.instance(error, NetworkError);
    assert.not.instance(error, TimeoutError);
    assert.ok(Date.now() - started < 5000);
  });

  test(`${name}: a reset before headers rejects with NetworkError`, async () => {
    const error = await make()
      .request("GET /reset")
      .catch((e: unknown) => e);
    assert.instance(error, NetworkError);
  });

  test(`${name}: the caller's signal aborts mid-flight with AbortError, distinct from a timeout`, async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await make({ timeout: 5000 })
      .request("GET /slow-headers", { request: { signal: controller.signal } })
      .catch((e: unknown) => e);
    assert.instance(error, AbortError);
    assert.not.instance(error, TimeoutError);
  });

  test(`${name}: an already-aborted signal sends nothing`, async () => {
    const error = await make()
      .request("GET /ok", { request: { signal: AbortSignal.abort() } })
      .catch((e: unknown) => e);
    assert.instance(error, AbortError);
    assert.is(server.requests.length, 0);
  });
}

test("agent: the given agent carries the connection (keep-alive)", async () => {
  const { data } = await transports.agent().request("GET /agent-seen");
  assert.is(data.connection, "keep-alive");
});

test("agent option with the fetch transport: a ParameterError naming request.transport, nothing sent", () => {
  // The agent plugin owns the option (the kernel knows no agent): fetch chosen by the caller cannot use one.
  const make = () => new WithAgent({ baseUrl: server.url, agent: httpAgent, request: { transport: fetchTransport } });
  const error = (() => {
    try {
      make();
    } catch (e) {
      return e;
    }
  })();
  assert.instance(error, ParameterError);
  assert.match((error as Error).message, "request.agent needs a node:http transport");
  assert.match((error as Error).message, "request.transport");
  assert.is(server.requests.length, 0);
});

test("the bare kernel knows no agent: `agent` without the agent plugin is not a transport setting", async () => {
  const client = new Client({ baseUrl: server.url, agent: httpAgent } as never);
  assert.is(client.options.request.agent, undefined);
});

test.run();
