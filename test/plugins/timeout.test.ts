import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  AbortError,
  Client,
  NetworkError,
  TimeoutError,
  isNetworkError,
  isTimeoutError,
  type Plugin,
} from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { faults, startServer, type TestServer } from "../helpers/server.js";
import {
  fakeClock,
  keepAlive,
  pendingTimers,
  primaryLimit,
  settle,
  until,
  type Clock,
} from "../helpers/policy-clock.js";

const test = suite("timeouts and cancellation through the policy engine");
let server: TestServer;
let clock: Clock | undefined;
const attempts: string[] = [];
// Registered before the engine, so it runs once per attempt, even one the server never saw.
const counter: Plugin<void> = (client) => client.hook.before("request", (o) => void attempts.push(o.url));
const Policy = Client.plugin([agent, counter, retry, throttle]);
// Every client here sends through node:http, so no undici timer lands on the fake clock.
const make = (options: object = {}) => new Policy({ baseUrl: server.url, agent: keepAlive, ...options });
const sentTo = (path: string) => server.requests.filter((r) => r.path === path).length;
const tried = (path: string) => attempts.filter((url) => url === path).length;
let release: (() => void) | undefined;

test.before(async () => {
  server = await startServer({
    "GET /slow": faults.delay(150),
    "GET /reset": faults.reset(),
    "GET /ok": { body: { ok: true } },
    "GET /busy": { status: 503, body: { message: "busy" } },
    "GET /hang": () => new Promise<void>(() => {}),
    "GET /held": () => new Promise<{ body: object }>((resolve) => (release = () => resolve({ body: { held: true } }))),
  });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void ((server.requests.length = 0), (attempts.length = 0)));
test.after.each(() => void (clock?.uninstall(), (clock = undefined)));

test("a TimeoutError is final by default, unlike a connection reset, and never an AbortError", async () => {
  const client = make({ retry: { delay: 1, maxDelay: 1 } });
  const timedOut = await client.request("GET /slow", { request: { timeout: 20 } }).catch((e: unknown) => e);
  assert.instance(timedOut, TimeoutError);
  assert.ok(isTimeoutError(timedOut) && isNetworkError(timedOut));
  assert.not.instance(timedOut, AbortError);
  assert.is((timedOut as TimeoutError).timeout, 20);
  assert.is(tried("/slow"), 1);
  const reset = await client.request("GET /reset").catch((e: unknown) => e);
  assert.instance(reset, NetworkError);
  assert.not.ok(isTimeoutError(reset));
  assert.is(reset.name, "NetworkError");
  assert.is(tried("/reset"), 4);
});

test("retry.timeouts: true retries a TimeoutError (each attempt gets the whole timeout)", async () => {
  const client = make({ retry: { delay: 1, maxDelay: 1, retries: 2, timeouts: true } });
  const error = await client.request("GET /slow", { request: { timeout: 20 } }).catch((e: unknown) => e);
  assert.instance(error, TimeoutError);
  assert.is(tried("/slow"), 3);
});

test("timeout on the fake clock: the kernel's timer and the backoff timer are both cleared", async () => {
  clock = fakeClock();
  const client = make({ timeout: 10_000, retry: { retries: 1, delay: 1000, timeouts: true } });
  const run = settle(client.request("GET /hang"));
  await until(() => sentTo("/hang") === 1, "the first attempt");
  assert.equal(pendingTimers(clock), [10_000]);
  await clock.tickAsync(10_000);
  await until(() => pendingTimers(clock!).length === 1 && pendingTimers(clock!)[0]! <= 1000, "the backoff timer");
  await clock.tickAsync(1000);
  await until(() => sentTo("/hang") === 2, "the second attempt");
  await clock.tickAsync(10_000);
  const { error } = await run.result;
  assert.instance(error, TimeoutError);
  assert.equal(pendingTimers(clock), []);
  assert.is(clock.countTimers(), 0);
});

test("aborting during a backoff rejects at once with AbortError and leaves no timer", async () => {
  clock = fakeClock();
  const controller = new AbortController();
  const client = make({ retry: { delay: 5000 } });
  const run = settle(client.request("GET /busy", { request: { signal: controller.signal } }));
  await until(() => pendingTimers(clock!).length === 1, "the backoff timer");
  controller.abort(new Error("user gave up"));
  const { error } = await run.result;
  assert.instance(error, AbortError);
  assert.not.instance(error, TimeoutError);
  assert.is(error.message, `GET ${server.url}/busy → aborted by the caller's signal while waiting to retry (retry 1)`);
  assert.is(error.cause.message, "user gave up");
  assert.is(sentTo("/busy"), 1);
  assert.is(clock.countTimers(), 0);
});

test("aborting a request waiting for a known rate limit: AbortError, nothing sent, no timer left", async () => {
  clock = fakeClock();
  server.route("GET /limited", primaryLimit(60));
  const client = make({ retry: { retries: 0 } });
  await client.request("GET /limited").catch(() => {});
  const controller = new AbortController();
  const run = settle(client.request("GET /ok", { request: { signal: controller.signal } }));
  await until(() => pendingTimers(clock!).length === 1, "the pause timer");
  assert.equal(pendingTimers(clock), [60_000]);
  controller.abort();
  const { error } = await run.result;
  assert.instance(error, AbortError);
  assert.match(error.message, /aborted by the caller's signal while waiting for a primary rate limit$/);
  assert.is(sentTo("/ok"), 0);
  assert.is(clock.countTimers(), 0);
});

test("aborting a request queued for a slot (concurrency 1): AbortError; the other request is unaffected", async () => {
  clock = fakeClock();
  const client = make({ throttle: { concurrency: 1 } });
  const first = settle(client.request("GET /held"));
  await until(() => sentTo("/held") === 1, "the first request");
  const controller = new AbortController();
  const second = settle(client.request("GET /ok", { request: { signal: controller.signal } }));
  controller.abort();
  const { error } = await second.result;
  assert.instance(error, AbortError);
  assert.match(error.message, /while waiting for a free slot$/);
  release!();
  assert.equal((await first.result).value?.data, { held: true });
  assert.is(sentTo("/ok"), 0);
  assert.is(clock.countTimers(), 0);
});

test("an already-aborted signal sends nothing, through retry and throttle", async () => {
  const client = new Policy({ baseUrl: server.url });
  const error = await client.request("GET /ok", { request: { signal: AbortSignal.abort() } }).catch((e: unknown) => e);
  assert.instance(error, AbortError);
  assert.is(server.requests.length, 0);
});

test("after a retried success, no timer is left behind", async () => {
  clock = fakeClock();
  let n = 0;
  server.route("GET /flaky", () => (++n === 1 ? { status: 502, body: {} } : { body: { n } }));
  const run = settle(make({ retry: { delay: 100 } }).request("GET /flaky"));
  await until(() => pendingTimers(clock!).length === 1, "the backoff timer");
  await clock.tickAsync(100);
  assert.equal((await run.result).value?.data, { n: 2 });
  assert.is(clock.countTimers(), 0);
});

test.run();
