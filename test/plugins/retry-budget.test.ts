import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, isHttpError, ParameterError } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle, isRateLimitError, memoryStore } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import {
  fakeClock,
  httpDate,
  keepAlive,
  pendingTimers,
  primaryLimit,
  secondaryLimit,
  SERVER_NOW,
  settle,
  until,
  type Clock,
} from "../helpers/policy-clock.js";

// Each wait is capped by maxWait; `maxTotalWait` caps their sum for one request, so
// retries × maxWait is bounded too (issue 23).
const test = suite("retry/throttle: the total wait budget of one request (maxTotalWait)");
let server: TestServer;
let clock: Clock;
const Policy = Client.plugin([agent, retry, throttle]);
const make = (options: object) => new Policy({ baseUrl: server.url, agent: keepAlive, ...options });
const busy = (retryAfter?: string) => ({
  status: 503,
  headers: { date: httpDate(SERVER_NOW), ...(retryAfter && { "retry-after": retryAfter }) },
  body: { message: "Service Unavailable" },
});

test.before(async () => {
  server = await startServer({});
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void ((server.requests.length = 0), (clock = fakeClock())));
test.after.each(() => (clock.uninstall(), sinon.restore()));

test("Retry-After waits stop at maxTotalWait with a RateLimitError that says so", async () => {
  server.route("GET /busy", busy("40"));
  const client = make({ retry: { retries: 10, maxWait: 60_000, maxTotalWait: 100_000 } });
  const run = settle(client.request("GET /busy"));
  for (const sent of [1, 2]) {
    await until(() => pendingTimers(clock).length === 1, `wait ${sent}`);
    assert.equal(pendingTimers(clock), [40_000]);
    await clock.tickAsync(40_000);
  }
  const { error } = await run.result;
  assert.ok(isRateLimitError(error), String(error));
  assert.is(error.reason, "max-total-wait");
  assert.is(
    error.message,
    `GET ${server.url}/busy → 503: Retry-After asks to wait until 2024-01-01T00:02:00.000Z (40 s), longer than what is left (20 s) of maxTotalWait (100 s) after waiting 80 s: retry after then, or raise retry.maxTotalWait (or throttle.maxTotalWait).`,
  );
  assert.is(server.requests.length, 3);
  assert.equal(pendingTimers(clock), []);
});

test("without maxTotalWait the budget is twice maxWait", async () => {
  server.route("GET /busy", busy("30"));
  const run = settle(make({ retry: { retries: 10, maxWait: 30_000 } }).request("GET /busy"));
  for (const sent of [1, 2]) {
    await until(() => pendingTimers(clock).length === 1, `wait ${sent}`);
    await clock.tickAsync(30_000);
  }
  const { error } = await run.result;
  assert.ok(isRateLimitError(error), String(error));
  assert.is(error.reason, "max-total-wait");
  assert.is(server.requests.length, 3);
});

test("a backoff past maxTotalWait gives up with the failure itself", async () => {
  sinon.stub(Math, "random").returns(0.5); // each backoff is 3/4 of delay
  server.route("GET /busy", busy());
  const client = make({ retry: { retries: 10, delay: 1000, maxDelay: 1000, maxTotalWait: 1000 } });
  const run = settle(client.request("GET /busy"));
  await until(() => pendingTimers(clock).length === 1, "the first backoff");
  assert.equal(pendingTimers(clock), [750]);
  await clock.tickAsync(750);
  const { error } = await run.result;
  assert.ok(isHttpError(error) && !isRateLimitError(error), String(error));
  assert.is(error.status, 503);
  assert.is(server.requests.length, 2);
});

test("a pause read from the store before sending counts against the budget", async () => {
  const store = memoryStore();
  server.route("GET /limited", {
    status: 403,
    headers: {
      date: httpDate(SERVER_NOW),
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(SERVER_NOW / 1000 + 50),
    },
    body: { message: "API rate limit exceeded" },
  });
  const options = { retry: { retries: 0 }, throttle: { store, maxWait: 60_000, maxTotalWait: 40_000 } };
  await make(options)
    .request("GET /limited")
    .catch(() => {});
  const error = await make(options)
    .request("GET /limited")
    .catch((e: unknown) => e);
  assert.ok(isRateLimitError(error), String(error));
  assert.is(error.reason, "max-total-wait");
  assert.is(error.sent, false);
  assert.is(server.requests.length, 1);
});

test("a wait and maxWait that round to the same seconds are told apart in ms", async () => {
  server.route("GET /busy", busy("2"));
  const error = await make({ retry: { maxWait: 1500 } })
    .request("GET /busy")
    .catch((e: unknown) => e);
  assert.ok(isRateLimitError(error), String(error));
  assert.match(error.message, /\(2000 ms\), longer than maxWait \(1500 ms\)/);
});

test("a RateLimitError for a sent request has GitHub's request id, in requestId and at the message's end", async () => {
  const withId = (reply: ReturnType<typeof primaryLimit>, id: string) => ({
    ...reply,
    headers: { ...reply.headers, "x-github-request-id": id },
  });
  server.route("GET /primary", withId(primaryLimit(3600), "0C4A:3B1F:1A2B3C:4D5E6F:6757A1B2"));
  server.route("GET /secondary", withId(secondaryLimit(3600, { status: 429 }), "0C4A:3B1F:1A2B3C:4D5E6F:6757A1B3"));
  for (const [path, status, id] of [
    ["/primary", 403, "0C4A:3B1F:1A2B3C:4D5E6F:6757A1B2"],
    ["/secondary", 429, "0C4A:3B1F:1A2B3C:4D5E6F:6757A1B3"],
  ] as const) {
    const { error } = await settle(make({ retry: { maxWait: 60_000 } }).request(`GET ${path}`)).result;
    assert.ok(isRateLimitError(error), String(error));
    assert.is(error.status, status);
    assert.is(error.requestId, id);
    assert.ok(error.message.endsWith(`(or throttle.maxWait). [request id ${id}]`), error.message);
  }
  // Refused before sending (the "core" limit is known exhausted): no id, no field.
  const client = make({ retry: { maxWait: 60_000 } });
  await client.request("GET /primary").catch(() => {});
  const { error } = await settle(client.request("GET /primary")).result;
  assert.ok(isRateLimitError(error), String(error));
  assert.is(error.sent, false);
  assert.not.ok("requestId" in error, error.message);
  assert.not.match(error.message, /request id/);
});

test("maxTotalWait must be a number ≥ 0, and retry and throttle must not disagree", () => {
  assert.throws(
    () => make({ retry: { maxTotalWait: -1 } }),
    (e: Error) => e instanceof ParameterError && /retry\.maxTotalWait must be a number from 0/.test(e.message),
  );
  assert.throws(
    () => make({ retry: { maxTotalWait: 1000 }, throttle: { maxTotalWait: 2000 } }),
    (e: Error) =>
      e instanceof ParameterError &&
      /throttle\.maxTotalWait \(2000\) differs from retry\.maxTotalWait \(1000\)/.test(e.message),
  );
});

test.run();
