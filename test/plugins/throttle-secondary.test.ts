import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, HttpError } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle, RateLimitError, type RateLimitInfo } from "../../plugins/throttle/index.js";
import { startServer, type Reply, type TestServer } from "../helpers/server.js";
import {
  fakeClock,
  httpDate,
  keepAlive,
  ok,
  pendingTimers,
  SERVER_NOW,
  secondaryLimit,
  settle,
  until,
  type Clock,
} from "../helpers/policy-clock.js";

const test = suite("throttle: secondary rate limits pause every request");
let server: TestServer;
let clock: Clock;
const Policy = Client.plugin([agent, retry, throttle]);
const make = (options: object = {}) => new Policy({ baseUrl: server.url, agent: keepAlive, ...options });
const sent = () => server.requests.length;
/** `GET /hit` answers `first` once, then 200s. */
function hitOnce(first: Reply) {
  let n = 0;
  server.route("GET /hit", () => (n++ === 0 ? first : ok()));
}

test.before(async () => {
  server = await startServer({ "GET /ok": ok() });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void ((server.requests.length = 0), (clock = fakeClock())));
test.after.each(() => clock.uninstall());

test("a secondary limit with retry-after pauses every queued request, not only the one that hit it", async () => {
  hitOnce(secondaryLimit(30));
  const onSecondaryRateLimit = sinon.spy((..._args: [number, unknown, unknown, number, RateLimitInfo]) => true);
  const client = make({ throttle: { concurrency: 1, onSecondaryRateLimit } });
  const runs = [
    settle(client.request("GET /hit")),
    ...Array.from({ length: 4 }, () => settle(client.request("GET /ok"))),
  ];
  await until(() => pendingTimers(clock).length === 5, "five waits");
  assert.equal(pendingTimers(clock), [30_000, 30_000, 30_000, 30_000, 30_000]);
  assert.is(sent(), 1);
  assert.is(onSecondaryRateLimit.callCount, 5);
  assert.equal(
    onSecondaryRateLimit.args.map((args) => args[4].sent),
    [true, false, false, false, false],
  );
  await clock.tickAsync(29_999);
  assert.is(sent(), 1);
  await clock.tickAsync(1);
  const results = await Promise.all(runs.map((run) => run.result));
  assert.equal(
    results.map((r) => r.value?.status),
    [200, 200, 200, 200, 200],
  );
  assert.is(sent(), 6);
  assert.is(clock.countTimers(), 0);
});

test("requests sent after the hit wait too (default concurrency), and requests in flight were not held", async () => {
  hitOnce(secondaryLimit(10));
  const client = make();
  const hit = settle(client.request("GET /hit"));
  await until(() => pendingTimers(clock).length === 1, "the hit's wait");
  const later = settle(client.request("GET /ok"));
  await until(() => pendingTimers(clock).length === 2, "the later request's wait");
  assert.is(sent(), 1);
  await clock.tickAsync(10_000);
  assert.equal([(await hit.result).value?.status, (await later.result).value?.status], [200, 200]);
});

test("without retry-after: the reset when remaining is 0, else 60 s, doubling for the same request", async () => {
  let n = 0;
  server.route("GET /hit", () => (n++ < 2 ? secondaryLimit() : ok()));
  const run = settle(make().request("GET /hit"));
  await until(() => pendingTimers(clock).length === 1, "the first wait");
  assert.equal(pendingTimers(clock), [60_000]);
  await clock.tickAsync(60_000);
  await until(() => sent() === 2 && pendingTimers(clock).length === 1, "the second wait");
  assert.equal(pendingTimers(clock), [120_000]);
  await clock.tickAsync(120_000);
  assert.is((await run.result).value?.status, 200);

  const reply = secondaryLimit();
  hitOnce({
    ...reply,
    headers: { ...reply.headers, "x-ratelimit-remaining": 0, "x-ratelimit-reset": SERVER_NOW / 1000 + 90 },
  });
  const second = settle(make().request("GET /hit"));
  await until(() => pendingTimers(clock).length === 1, "the wait for the reset");
  assert.equal(pendingTimers(clock), [90_000]);
  await clock.tickAsync(90_000);
  assert.is((await second.result).value?.status, 200);
});

test("a 429 carrying the secondary-limit message, and a 403 with only retry-after, are secondary limits", async () => {
  hitOnce(secondaryLimit(5, { status: 429 }));
  const run = settle(make().request("GET /hit"));
  await until(() => pendingTimers(clock).length === 1, "the 429's wait");
  assert.equal(pendingTimers(clock), [5000]);
  await clock.tickAsync(5000);
  assert.is((await run.result).value?.status, 200);
  hitOnce({ status: 403, headers: { date: httpDate(SERVER_NOW), "retry-after": "7" }, body: { message: "Forbidden" } });
  const client = make({ retry: { retries: 0 } });
  await client.request("GET /hit").catch(() => {});
  const later = settle(client.request("GET /ok"));
  await until(() => pendingTimers(clock).length === 1, "the pause");
  assert.equal(pendingTimers(clock), [7000]);
  await clock.tickAsync(7000);
  assert.is((await later.result).value?.status, 200);
});

test("onSecondaryRateLimit returning false fails fast, and requests behind it fail fast unsent", async () => {
  hitOnce(secondaryLimit(30));
  const client = make({ throttle: { onSecondaryRateLimit: () => false } });
  const hit = (await client.request("GET /hit").catch((e: unknown) => e)) as RateLimitError;
  assert.instance(hit, RateLimitError);
  assert.is(
    hit.message,
    `GET ${server.url}/hit → 403: a secondary rate limit pauses every request until 2024-01-01T00:00:30.000Z (30 s); onSecondaryRateLimit declined to wait.`,
  );
  assert.equal([hit.kind, hit.sent, hit.status, hit.resource], ["secondary", true, 403, undefined]);
  const later = (await client.request("GET /ok").catch((e: unknown) => e)) as RateLimitError;
  assert.is(
    later.message,
    `GET ${server.url}/ok → not sent: a secondary rate limit pauses every request until 2024-01-01T00:00:30.000Z (30 s); onSecondaryRateLimit declined to wait.`,
  );
  assert.is(sent(), 1);
  assert.is(clock.countTimers(), 0);
});

test("a plain 403 (no rate-limit sign) is final and pauses nothing", async () => {
  server.route("GET /forbidden", {
    status: 403,
    headers: { "x-ratelimit-remaining": "4000" },
    body: { message: "Resource not accessible by integration" },
  });
  const client = make();
  const error = await client.request("GET /forbidden").catch((e: unknown) => e);
  assert.instance(error, HttpError);
  assert.is((await client.request("GET /ok")).status, 200);
  assert.is(sent(), 2);
});

test("with retry off, the request that hit the limit fails with GitHub's 403, yet the pause still holds the others", async () => {
  hitOnce(secondaryLimit(20));
  const client = new (Client.plugin([agent, throttle]))({ baseUrl: server.url, agent: keepAlive });
  const error = await client.request("GET /hit").catch((e: unknown) => e);
  assert.is((error as HttpError).status, 403);
  const later = settle(client.request("GET /ok"));
  await until(() => pendingTimers(clock).length === 1, "the pause");
  assert.is(sent(), 1);
  await clock.tickAsync(20_000);
  assert.is((await later.result).value?.status, 200);
});

test.run();
