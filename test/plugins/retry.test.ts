import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, HttpError, NetworkError, ParameterError, type Plugin } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry, isRateLimitError, type RateLimitError } from "../../plugins/retry/index.js";
import { faults, startServer, type TestServer } from "../helpers/server.js";
import {
  fakeClock,
  httpDate,
  keepAlive,
  pendingTimers,
  SERVER_NOW,
  settle,
  until,
  type Clock,
} from "../helpers/policy-clock.js";

const test = suite("retry: which failures are sent again");
let server: TestServer;
let clock: Clock | undefined;
const attempts: string[] = [];
// Registered before `retry`, so it runs inside the engine: once per attempt.
const counter: Plugin<void> = (client) =>
  client.hook.before("request", (o) => void attempts.push(`${o.method} ${o.url}`));
const Retrying = Client.plugin([agent, counter, retry]);
// Through node:http, so no undici timer lands on the fake clock (see fakeClock).
const make = (retryOptions: object = { delay: 1, maxDelay: 1 }) =>
  new Retrying({ baseUrl: server.url, agent: keepAlive, retry: retryOptions });
const timed = (retryOptions: object = {}) => make(retryOptions);
const sentTo = (path: string) => server.requests.filter((r) => r.path.startsWith(path)).length;

test.before(async () => {
  server = await startServer({
    "*": (req) => {
      const code = /^\/status\/(\d{3})$/.exec(req.path)?.[1];
      return code ? { status: Number(code), body: { message: `status ${code}` } } : { status: 404, body: {} };
    },
    "GET /reset": faults.reset(),
    "POST /reset": faults.reset(),
  });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void ((server.requests.length = 0), (attempts.length = 0)));
test.after.each(() => void (clock?.uninstall(), (clock = undefined)));

for (const code of [500, 502, 503, 504, 408, 429]) {
  test(`${code} is retried \`retries\` times (default 3), then the last HttpError is thrown`, async () => {
    const error = await make()
      .request(`GET /status/${code}`)
      .catch((e: unknown) => e);
    assert.instance(error, HttpError);
    assert.is((error as HttpError).status, code);
    assert.is(sentTo("/status"), 4);
  });
}

for (const code of [400, 401, 403, 404, 410, 422, 451, 501, 505, 304]) {
  test(`${code} is never retried`, async () => {
    const error = await make()
      .request(`GET /status/${code}`)
      .catch((e: unknown) => e);
    assert.is((error as HttpError).status, code);
    assert.is(sentTo("/status"), 1);
  });
}

test("a request that fails twice then succeeds resolves, with request.retryCount on its options", async () => {
  let n = 0;
  server.route("GET /flaky", () => (++n < 3 ? { status: 502, body: {} } : { body: { n } }));
  const client = make();
  let seen: unknown;
  client.hook.after("request", (_r, options) => void (seen = options.request.retryCount));
  const { data } = await client.request("GET /flaky");
  assert.equal(data, { n: 3 });
  assert.is(seen, 2);
});

test("retries: 0 disables retrying; request.retries overrides per call; retry: false adds no hook", async () => {
  await make({ retries: 0 })
    .request("GET /status/502")
    .catch(() => {});
  assert.is(sentTo("/status"), 1);
  await make({ retries: 0, delay: 1 })
    .request("GET /status/502", { request: { retries: 2 } })
    .catch(() => {});
  assert.is(sentTo("/status"), 4);
  const off = new Retrying({ baseUrl: server.url, retry: false });
  await off.request("GET /status/502").catch(() => {});
  assert.is(sentTo("/status"), 5);
});

test("a network error (connection reset) is retried for GET, and stays a NetworkError", async () => {
  const error = await make()
    .request("GET /reset")
    .catch((e: unknown) => e);
  assert.instance(error, NetworkError);
  assert.is(sentTo("/reset"), 4);
});

test("POST is not sent again after a 5xx or a reset (it may have been applied), unless nonIdempotent", async () => {
  await make()
    .request("POST /status/502")
    .catch(() => {});
  await make()
    .request("POST /reset")
    .catch(() => {});
  assert.is(server.requests.length, 2);
  await make({ delay: 1, maxDelay: 1, nonIdempotent: true })
    .request("POST /status/502")
    .catch(() => {});
  assert.is(server.requests.length, 6);
});

test("POST is sent again after 429 and 408 (GitHub did not act on it)", async () => {
  await make()
    .request("POST /status/429")
    .catch(() => {});
  await make()
    .request("POST /status/408")
    .catch(() => {});
  assert.is(sentTo("/status"), 8);
});

test("POST is sent again when the connection was refused (nothing reached a server), on both transports", async () => {
  const closed = await startServer();
  const url = closed.url;
  await closed.close();
  for (const transport of [{}, { agent: keepAlive }]) {
    attempts.length = 0;
    const client = new Retrying({ baseUrl: url, ...transport, retry: { delay: 1, maxDelay: 1 } });
    const error = await client.request("POST /things", { name: "x" }).catch((e: unknown) => e);
    assert.instance(error, NetworkError);
    assert.is(attempts.length, 4);
  }
});

test("backoff is exponential with jitter: each wait is within [½, 1] × delay·2^n", async () => {
  clock = fakeClock();
  const run = settle(timed({ delay: 1000 }).request("GET /status/503"));
  for (const [n, full] of [
    [1, 1000],
    [2, 2000],
    [3, 4000],
  ] as const) {
    await until(
      () => sentTo("/status") === n && pendingTimers(clock!).length === 1,
      `attempt ${n} and its backoff timer`,
    );
    const [wait] = pendingTimers(clock);
    assert.ok(wait! >= full / 2 && wait! <= full, `backoff ${n} was ${wait} ms, expected ${full / 2}–${full}`);
    await clock.tickAsync(wait!);
  }
  const { error } = await run.result;
  assert.is(error.status, 503);
  assert.is(sentTo("/status"), 4);
});

test("Retry-After in seconds is waited exactly, then the request is sent again", async () => {
  clock = fakeClock();
  let n = 0;
  server.route("GET /busy", () =>
    ++n === 1 ? { status: 503, headers: { "retry-after": "120" }, body: {} } : { body: { n } },
  );
  const run = settle(timed().request("GET /busy"));
  await until(() => pendingTimers(clock!).length === 1, "the Retry-After timer");
  await clock.tickAsync(119_999);
  assert.is(sentTo("/busy"), 1);
  await clock.tickAsync(1);
  assert.equal((await run.result).value?.data, { n: 2 });
});

test("Retry-After as an HTTP-date is measured against the server's date header, not the local clock", async () => {
  clock = fakeClock(SERVER_NOW + 3_600_000); // local clock an hour ahead of the server
  let n = 0;
  const retryAt = httpDate(SERVER_NOW + 90_000);
  server.route("GET /busy", () =>
    ++n === 1
      ? { status: 429, headers: { date: httpDate(SERVER_NOW), "retry-after": retryAt }, body: {} }
      : { body: {} },
  );
  const run = settle(timed().request("GET /busy"));
  await until(() => pendingTimers(clock!).length === 1, "the Retry-After timer");
  assert.equal(pendingTimers(clock), [90_000]);
  await clock.tickAsync(90_000);
  assert.is((await run.result).value?.status, 200);
});

test("a garbage Retry-After falls back to backoff", async () => {
  clock = fakeClock();
  server.route("GET /busy", { status: 503, headers: { "retry-after": "soon, maybe" }, body: {} });
  const run = settle(timed({ delay: 1000, retries: 1 }).request("GET /busy"));
  await until(() => pendingTimers(clock!).length === 1, "the backoff timer");
  const [wait] = pendingTimers(clock);
  assert.ok(wait! >= 500 && wait! <= 1000, `waited ${wait}`);
  await clock.tickAsync(1000);
  assert.is((await run.result).error.status, 503);
  assert.is(sentTo("/busy"), 2);
});

test("a Retry-After longer than maxWait fails fast with a RateLimitError that says so", async () => {
  clock = fakeClock();
  server.route("GET /busy", {
    status: 503,
    headers: { date: httpDate(SERVER_NOW), "retry-after": "3600" },
    body: { message: "Service Unavailable" },
  });
  const error = await timed({ maxWait: 60_000 })
    .request("GET /busy")
    .catch((e: unknown) => e);
  assert.ok(isRateLimitError(error));
  const e = error as RateLimitError;
  assert.is(
    e.message,
    `GET ${server.url}/busy → 503: Retry-After asks to wait until 2024-01-01T01:00:00.000Z (3600 s), longer than maxWait (60 s): retry after then, or raise retry.maxWait (or throttle.maxWait).`,
  );
  assert.equal([e.kind, e.reason, e.sent, e.status, e.waitMs], ["retry-after", "max-wait", true, 503, 3_600_000]);
  assert.instance(e.cause, HttpError);
  assert.is(sentTo("/busy"), 1);
  assert.equal(pendingTimers(clock), []);
});

test("bad options throw a ParameterError naming the fix, before anything is sent", () => {
  const cases: Array<[object, RegExp]> = [
    [{ retries: -1 }, /retry\.retries must be an integer from 0 to 100, got -1/],
    [{ retries: 1.5 }, /retry\.retries must be an integer/],
    [{ retrys: 2 }, /retry\.retrys is not an option; known options: retries, delay/],
    [{ delay: 500, maxDelay: 100 }, /retry\.maxDelay must be a number from 500/],
    [{ maxWait: Infinity }, /retry\.maxWait must be a number from 0 to 2147483647/],
    [{ timeouts: "yes" }, /retry\.timeouts must be true or false/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => new Retrying({ baseUrl: server.url, retry: options as never }),
      (e: unknown) => e instanceof ParameterError && message.test((e as Error).message),
    );
  }
  assert.throws(
    () => new Retrying({ retry: 3 as never }),
    /The retry option must be an object \(or false to turn it off\), got number/,
  );
  assert.is(server.requests.length, 0);
});

test.run();
