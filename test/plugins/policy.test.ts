import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { createHash } from "node:crypto";
import { Client, HttpError, ParameterError, type Plugin } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle, memoryStore, type RateLimitInfo } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import {
  fakeClock,
  keepAlive,
  ok,
  pendingTimers,
  primaryLimit,
  SERVER_NOW,
  secondaryLimit,
  settle,
  until,
  type Clock,
} from "../helpers/policy-clock.js";
import { brokenStore, recordingStore } from "../helpers/policy-store.js";

const test = suite("policy engine: one counter, one queue, per-client state, shared stores");
let server: TestServer;
let clock: Clock | undefined;
const TOKEN = "ghp_policyPolicyPolicyPolicy0123456789";
const HASH = createHash("sha256").update(`token ${TOKEN}`).digest("hex").slice(0, 16);
const Policy = Client.plugin([agent, retry, throttle]);
const make = (options: object = {}, Class: typeof Policy = Policy) =>
  new Class({ baseUrl: server.url, agent: keepAlive, retry: { delay: 1, maxDelay: 1 }, ...options });
const sentTo = (path: string) => server.requests.filter((r) => r.path === path).length;

test.before(async () => {
  server = await startServer({
    "GET /ok": ok(),
    "GET /bad": { status: 502, body: {} },
    "GET /limited": primaryLimit(60),
  });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));
test.after.each(() => void (clock?.uninstall(), (clock = undefined)));

test("retry and throttle register one wrap hook between them, in either order", () => {
  for (const order of [
    [retry, throttle],
    [throttle, retry],
  ]) {
    const client = new Client({ baseUrl: server.url });
    const wrap = sinon.spy(client.hook, "wrap");
    for (const plugin of order) plugin(client, { ...client.options, retry: {}, throttle: {} } as never);
    assert.is(wrap.callCount, 1);
    // Both off: nothing registered.
    const off = new Client({ baseUrl: server.url });
    const none = sinon.spy(off.hook, "wrap");
    for (const plugin of order) plugin(off, { ...off.options, retry: false, throttle: false } as never);
    assert.is(none.callCount, 0);
  }
});

test("one loop: a failure is retried `retries` times, not once per plugin", async () => {
  for (const Class of [Policy, Client.plugin([agent, throttle, retry])]) {
    server.requests.length = 0;
    await make({}, Class as typeof Policy)
      .request("GET /bad")
      .catch(() => {});
    assert.is(sentTo("/bad"), 4);
  }
});

test("one retry counter: rate-limit re-sends count against `retries`, and callbacks see the count", async () => {
  clock = fakeClock();
  let n = 0;
  server.route("GET /mixed", () => (++n === 1 ? { status: 502, body: {} } : primaryLimit(60)));
  const onRateLimit = sinon.spy((..._args: [number, unknown, unknown, number, RateLimitInfo]) => true);
  const run = settle(
    make({ retry: { retries: 2, delay: 1, maxDelay: 1 }, throttle: { onRateLimit } }).request("GET /mixed"),
  );
  await until(() => sentTo("/mixed") === 1 && pendingTimers(clock!).length === 1, "the backoff");
  await clock.tickAsync(1);
  await until(() => onRateLimit.callCount === 1 && pendingTimers(clock!).length === 1, "the rate-limit wait");
  assert.is(onRateLimit.firstCall.args[4].retryCount, 1);
  assert.is(onRateLimit.firstCall.args[3], 1, "@octokit's retryCount argument");
  await clock.tickAsync(60_000);
  const { error } = await run.result;
  assert.is((error as HttpError).status, 403);
  assert.is(sentTo("/mixed"), 3);
});

test("retries: 0 means a request is sent once, rate limit or not", async () => {
  const error = await make({ retry: { retries: 0 } })
    .request("GET /limited")
    .catch((e: unknown) => e);
  assert.instance(error, HttpError);
  assert.is(sentTo("/limited"), 1);
});

test("state is per client: one client's rate limit does not pause another, unless they share a store", async () => {
  clock = fakeClock();
  const [a, b] = [make({ retry: { retries: 0 } }), make()];
  await a.request("GET /limited").catch(() => {});
  assert.is((await b.request("GET /ok")).status, 200);
  const store = memoryStore();
  const [c, d] = [make({ retry: { retries: 0 }, throttle: { store } }), make({ throttle: { store } })];
  await c.request("GET /limited").catch(() => {});
  const held = settle(d.request("GET /ok"));
  await until(() => pendingTimers(clock!).length === 1, "d's pause");
  assert.is(sentTo("/ok"), 1);
  await clock.tickAsync(60_000);
  assert.is((await held.result).value?.status, 200);
});

test("store keys are namespaced by resource and a SHA-256 of the credential; values are GitHub-clock epoch ms", async () => {
  clock = fakeClock();
  server.route("GET /search/issues", primaryLimit(60, { resource: "search" }));
  server.route("GET /second", secondaryLimit(30));
  const store = recordingStore();
  const client = make({ retry: { retries: 0 }, throttle: { store }, headers: { authorization: `token ${TOKEN}` } });
  await client.request("GET /search/issues").catch(() => {});
  await client.request("GET /second").catch(() => {});
  assert.equal(
    store.calls.filter(([kind]) => kind === "set"),
    [
      ["set", `forgekit:ratelimit:search:${HASH}`, String(SERVER_NOW + 60_000), 60_000],
      ["set", `forgekit:secondary:${HASH}`, String(SERVER_NOW + 30_000), 30_000],
    ],
  );
  assert.ok(store.calls.some(([kind, key]) => kind === "get" && key === `forgekit:ratelimit:core:${HASH}`));
  assert.not.ok(JSON.stringify(store.calls).includes(TOKEN));
});

test("the credential an inner hook adds (auth applied before throttle) is learned for later checks", async () => {
  clock = fakeClock();
  const innerAuth: Plugin<void> = (client) =>
    client.hook.before("request", (o) => void (o.headers.authorization = `token ${TOKEN}`));
  const store = recordingStore();
  const client = make(
    { retry: { retries: 0 }, throttle: { store } },
    Client.plugin([agent, innerAuth, retry, throttle]) as typeof Policy,
  );
  await client.request("GET /limited").catch(() => {});
  assert.ok(store.data.has(`forgekit:ratelimit:core:${HASH}`));
  const later = settle(client.request("GET /ok"));
  await until(() => pendingTimers(clock!).length === 1, "the pause");
  assert.is(sentTo("/ok"), 0);
  await clock.tickAsync(60_000);
  assert.is((await later.result).value?.status, 200);
});

test("an asynchronous store (as Redis is) shares pauses between clients", async () => {
  clock = fakeClock();
  const store = recordingStore(true);
  const [a, b] = [make({ retry: { retries: 0 }, throttle: { store } }), make({ throttle: { store } })];
  await a.request("GET /limited").catch(() => {});
  const held = settle(b.request("GET /ok"));
  await until(() => pendingTimers(clock!).length === 1, "b's pause");
  assert.is(sentTo("/ok"), 0);
  await clock.tickAsync(60_000);
  assert.is((await held.result).value?.status, 200);
});

for (const async of [false, true]) {
  test(`a failing ${async ? "async" : "sync"} store does not fail requests: a warning, and the request goes through`, async () => {
    const warn = sinon.spy();
    const client = make({
      throttle: { store: brokenStore(async) },
      log: { warn },
      headers: { authorization: `token ${TOKEN}` },
    });
    assert.is((await client.request("GET /ok")).status, 200);
    assert.ok(warn.called);
    assert.match(
      String(warn.firstCall.args[0]),
      /^throttle: the store failed \(connection lost\); requests go on without it until it answers again\.$/,
    );
    assert.not.ok(JSON.stringify(warn.args).includes(TOKEN));
  });
}

test("construction starts no timer and touches no store", () => {
  clock = fakeClock();
  const store = recordingStore();
  make({ throttle: { store, concurrency: 2 }, retry: { retries: 5 } });
  assert.is(clock.countTimers(), 0);
  assert.equal(store.calls, []);
});

test("bad throttle options, and two different maxWait values, throw a ParameterError naming the fix", () => {
  const cases: Array<[object, RegExp]> = [
    [{ throttle: { concurrency: 0 } }, /throttle\.concurrency must be an integer from 1 to Infinity, got 0/],
    [{ throttle: { mutationGap: -1 } }, /throttle\.mutationGap must be a number from 0/],
    [{ throttle: { storeTimeout: 0 } }, /throttle\.storeTimeout must be a number from 1/],
    [
      { throttle: { store: { get() {} } } },
      /throttle\.store must be a KeyValueStore: an object with get\(key\), set\(key, value, ttl\) and delete\(key\)/,
    ],
    [
      { throttle: { onRateLimit: true } },
      /throttle\.onRateLimit must be a function \(retryAfter, options, client, retryCount, info\) => boolean, got boolean/,
    ],
    [{ throttle: { concurency: 2 } }, /throttle\.concurency is not an option; known options: store, concurrency/],
    [
      { retry: { maxWait: 1000 }, throttle: { maxWait: 2000 } },
      /throttle\.maxWait \(2000\) differs from retry\.maxWait \(1000\); both set the same limit: give it once\./,
    ],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => make(options),
      (e: unknown) => e instanceof ParameterError && message.test((e as Error).message),
    );
  }
  make({ retry: { maxWait: 1000 }, throttle: { maxWait: 1000 } });
  assert.is(server.requests.length, 0);
});

test("throttle: false and retry: false leave the client without the engine", async () => {
  const client = make({ retry: false, throttle: false });
  await client.request("GET /bad").catch(() => {});
  assert.is(sentTo("/bad"), 1);
});

test.run();
