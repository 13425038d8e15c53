import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, HttpError } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle, rateLimitOf, RateLimitError, type RateLimitInfo } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import {
  fakeClock,
  keepAlive,
  ok,
  pendingTimers,
  primaryLimit,
  SERVER_NOW,
  settle,
  until,
  type Clock,
} from "../helpers/policy-clock.js";

const test = suite("throttle: primary rate limits and the state responses carry");
let server: TestServer;
let clock: Clock;
const Policy = Client.plugin([agent, retry, throttle]);
// node:http transport: no undici timer on the fake clock (see fakeClock).
const make = (options: object = {}) => new Policy({ baseUrl: server.url, agent: keepAlive, ...options });
const sentTo = (path: string) => server.requests.filter((r) => r.path === path).length;
/** The first call to `path` hits the primary limit (reset 60 s after the server's date), later ones succeed. */
function limitOnce(path: string, reply = primaryLimit(60)) {
  let n = 0;
  server.route(`GET ${path}`, () => (n++ === 0 ? reply : ok({ n })));
}

test.before(async () => {
  server = await startServer({ "GET /ok": ok(), "GET /search/issues": ok({ items: [] }, { resource: "search" }) });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void ((server.requests.length = 0), (clock = fakeClock())));
test.after.each(() => clock.uninstall());

for (const [label, offset] of [
  ["an hour ahead of", 3_600_000],
  ["an hour behind", -3_600_000],
] as const) {
  test(`a primary limit waits until x-ratelimit-reset, measured with the date header (local clock ${label} GitHub's)`, async () => {
    clock.setSystemTime(SERVER_NOW + offset);
    limitOnce("/repos/o/r");
    const onRateLimit = sinon.spy((..._args: [number, unknown, unknown, number, RateLimitInfo]) => true);
    const run = settle(make({ throttle: { onRateLimit } }).request("GET /repos/o/r"));
    await until(() => pendingTimers(clock).length === 1, "the reset timer");
    assert.equal(pendingTimers(clock), [60_000]);
    const info = onRateLimit.firstCall.args[4];
    assert.equal(info, {
      kind: "primary",
      resource: "core",
      retryAt: SERVER_NOW + offset + 60_000,
      waitMs: 60_000,
      retryCount: 0,
      sent: true,
      request: { method: "GET", url: `${server.url}/repos/o/r` },
      rateLimit: { limit: 5000, remaining: 0, used: 5000, reset: SERVER_NOW / 1000 + 60, resource: "core" },
    });
    await clock.tickAsync(59_999);
    assert.is(sentTo("/repos/o/r"), 1);
    await clock.tickAsync(1);
    assert.equal((await run.result).value?.data, { n: 2 });
    assert.is(sentTo("/repos/o/r"), 2);
  });
}

test("onRateLimit returning false fails fast with a RateLimitError carrying GitHub's answer", async () => {
  server.route("GET /repos/o/r", primaryLimit(60));
  const error = await make({ throttle: { onRateLimit: () => false } })
    .request("GET /repos/o/r")
    .catch((e: unknown) => e);
  assert.instance(error, RateLimitError);
  const e = error as RateLimitError;
  assert.is(
    e.message,
    `GET ${server.url}/repos/o/r → 403: the "core" rate limit is exhausted until 2024-01-01T00:01:00.000Z (60 s); onRateLimit declined to wait.`,
  );
  assert.equal(
    [e.kind, e.reason, e.sent, e.status, e.resource, e.retryAt],
    ["primary", "declined", true, 403, "core", SERVER_NOW + 60_000],
  );
  assert.instance(e.cause, HttpError);
  assert.equal(e.rateLimit, { limit: 5000, remaining: 0, used: 5000, reset: SERVER_NOW / 1000 + 60, resource: "core" });
  assert.is(sentTo("/repos/o/r"), 1);
  assert.is(clock.countTimers(), 0);
});

test("once a resource is exhausted, later requests of it wait without being sent; other resources go on", async () => {
  server.route("GET /repos/o/r", primaryLimit(60));
  const client = make({ retry: { retries: 0 } });
  const first = await client.request("GET /repos/o/r").catch((e: unknown) => e);
  assert.is((first as HttpError).status, 403);
  const later = settle(client.request("GET /ok"));
  assert.equal((await client.request("GET /search/issues")).data, { items: [] });
  await until(() => pendingTimers(clock).length === 1, "the pause timer");
  assert.is(sentTo("/ok"), 0);
  await clock.tickAsync(60_000);
  assert.is((await later.result).value?.status, 200);
  assert.is(sentTo("/ok"), 1);
});

test("a later request whose onRateLimit declines fails fast, not sent", async () => {
  server.route("GET /repos/o/r", primaryLimit(60));
  const client = make({ retry: { retries: 0 }, throttle: { onRateLimit: (_r, _o, _c, _n, info) => info.sent } });
  await client.request("GET /repos/o/r").catch(() => {});
  const error = (await client.request("GET /ok").catch((e: unknown) => e)) as RateLimitError;
  assert.is(
    error.message,
    `GET ${server.url}/ok → not sent: the "core" rate limit is exhausted until 2024-01-01T00:01:00.000Z (60 s); onRateLimit declined to wait.`,
  );
  assert.equal([error.sent, error.status, error.reason], [false, undefined, "declined"]);
  assert.is(sentTo("/ok"), 0);
});

test("a pause longer than maxWait fails fast, both for the request that hit it and for later ones", async () => {
  server.route("GET /repos/o/r", primaryLimit(3600));
  const client = make({ throttle: { maxWait: 600_000 } });
  const hit = (await client.request("GET /repos/o/r").catch((e: unknown) => e)) as RateLimitError;
  assert.is(
    hit.message,
    `GET ${server.url}/repos/o/r → 403: the "core" rate limit is exhausted until 2024-01-01T01:00:00.000Z (3600 s), longer than maxWait (600 s): retry after then, or raise retry.maxWait (or throttle.maxWait).`,
  );
  const later = (await client.request("GET /ok").catch((e: unknown) => e)) as RateLimitError;
  assert.equal([later.name, later.reason, later.sent, later.waitMs], ["RateLimitError", "max-wait", false, 3_600_000]);
  assert.equal([sentTo("/repos/o/r"), sentTo("/ok")], [1, 0]);
  assert.is(clock.countTimers(), 0);
});

test("a 200 with x-ratelimit-remaining: 0 marks the resource exhausted before any 403", async () => {
  server.route("GET /last", ok({ last: true }, { remaining: 0, resetIn: 120 }));
  const client = make();
  await client.request("GET /last");
  const next = settle(client.request("GET /ok"));
  await until(() => pendingTimers(clock).length === 1, "the pause timer");
  assert.equal(pendingTimers(clock), [120_000]);
  assert.is(sentTo("/ok"), 0);
  await clock.tickAsync(120_000);
  assert.is((await next.result).value?.status, 200);
});

test("a 429 with remaining 0 is a primary limit too, and the resource GitHub names is the one paused", async () => {
  server.route("GET /search/code", primaryLimit(30, { status: 429, resource: "code_search" }));
  const client = make({ retry: { retries: 0 } });
  await client.request("GET /search/code").catch(() => {});
  assert.is((await client.request("GET /search/issues")).status, 200);
  const again = settle(client.request("GET /search/code"));
  await until(() => pendingTimers(clock).length === 1, "the pause timer");
  assert.equal(pendingTimers(clock), [30_000]);
  await clock.tickAsync(30_000);
  assert.is((await again.result).error.status, 429);
  assert.is(sentTo("/search/code"), 2);
});

test("a resource GitHub names for a route is learned: that route waits, other routes of `core` go on", async () => {
  server.route("GET /scim/v2/organizations/o/Users", primaryLimit(45, { resource: "scim" }));
  const client = make({ retry: { retries: 0 } });
  await client.request("GET /scim/v2/organizations/o/Users").catch(() => {});
  assert.is((await client.request("GET /ok")).status, 200);
  const again = settle(client.request("GET /scim/v2/organizations/o/Users", { startIndex: 2 }));
  await until(() => pendingTimers(clock).length === 1, "the pause timer");
  assert.equal(pendingTimers(clock), [45_000]);
  await clock.tickAsync(45_000);
  assert.is((await again.result).error.status, 403);
  assert.is(sentTo("/scim/v2/organizations/o/Users"), 2);
});

test("every response and HttpError exposes the rate-limit state it carried", async () => {
  server.route("GET /missing", {
    status: 404,
    headers: { "x-ratelimit-remaining": "41", "x-ratelimit-resource": "core" },
    body: { message: "Not Found" },
  });
  server.route("GET /plain", { body: {} });
  const client = make();
  const response = await client.request("GET /ok");
  const expected = { limit: 5000, remaining: 4999, used: 1, reset: SERVER_NOW / 1000 + 3600, resource: "core" };
  assert.equal((response as { rateLimit?: unknown }).rateLimit, expected);
  assert.equal(rateLimitOf(response), expected);
  const error = await client.request("GET /missing").catch((e: unknown) => e);
  assert.equal(rateLimitOf(error as HttpError), { remaining: 41, resource: "core" });
  assert.equal((error as { rateLimit?: unknown }).rateLimit, { remaining: 41, resource: "core" });
  assert.is(rateLimitOf(await client.request("GET /plain")), undefined);
  assert.equal(rateLimitOf({ headers: { "x-ratelimit-limit": "60" } }), { limit: 60 });
});

test.run();
