import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { fakeClock, keepAlive, pendingTimers, settle, until, type Clock } from "../helpers/policy-clock.js";

const test = suite("throttle: concurrency and mutation pacing");
let server: TestServer;
let clock: Clock | undefined;
let inFlight = 0;
let peak = 0;
let target = 1;
const held: Array<() => void> = [];
const Policy = Client.plugin([agent, retry, throttle]);
const make = (throttleOptions: object = {}) =>
  new Policy({ baseUrl: server.url, agent: keepAlive, throttle: throttleOptions });
const seen = () => server.requests.map((r) => `${r.method} ${r.path}`);

test.before(async () => {
  server = await startServer({
    // Holds each request until `target` are open at once (or a while passes), counting the peak.
    "GET /work": async () => {
      peak = Math.max(peak, ++inFlight);
      for (let i = 0; i < 200 && inFlight < target; i++) await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return { body: {} };
    },
    "* /write": (req) => ({ status: req.method === "POST" ? 201 : 200, body: { n: server.requests.length } }),
    "POST /held": () => new Promise((resolve) => held.push(() => resolve({ status: 201, body: {} }))),
  });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void ((server.requests.length = 0), (inFlight = 0), (peak = 0)));
test.after.each(() => void (clock?.uninstall(), (clock = undefined)));

for (const [concurrency, total] of [
  [3, 12],
  [1, 5],
  [undefined, 130],
] as const) {
  test(`concurrency ${concurrency ?? "100 (default)"}: the server never sees more requests in flight`, async () => {
    const client = make(concurrency === undefined ? {} : { concurrency });
    target = concurrency ?? 100;
    const responses = await Promise.all(Array.from({ length: total }, () => client.request("GET /work")));
    assert.is(responses.length, total);
    assert.is(server.requests.length, total);
    assert.is(peak, concurrency ?? 100);
  });
}

test("with mutationGap: 1000, mutations start at least 1 s apart, in the order they were made", async () => {
  clock = fakeClock();
  const client = make({ mutationGap: 1000 });
  const runs = ["a", "b", "c"].map((name) => settle(client.request("POST /write", { name })));
  await until(
    () => server.requests.length === 1 && pendingTimers(clock!).length === 1,
    "the first POST and the gap timer",
  );
  assert.equal(pendingTimers(clock), [1000]);
  await clock.tickAsync(999);
  assert.is(server.requests.length, 1);
  await clock.tickAsync(1);
  await until(() => server.requests.length === 2, "the second POST");
  await until(() => pendingTimers(clock!).length === 1, "the next gap timer");
  await clock.tickAsync(1000);
  await until(() => server.requests.length === 3, "the third POST");
  await Promise.all(runs.map((run) => run.result));
  assert.equal(
    server.requests.map((r) => JSON.parse(r.body).name),
    ["a", "b", "c"],
  );
  assert.is(clock.countTimers(), 0);
});

test("PATCH, PUT and DELETE are paced like POST; reads are never held behind a waiting mutation", async () => {
  clock = fakeClock();
  const client = make({ mutationGap: 1000 });
  const runs = [
    settle(client.request("PATCH /write")),
    settle(client.request("DELETE /write")),
    settle(client.request("GET /work")),
    settle(client.request("PUT /write")),
  ];
  await until(() => server.requests.length === 2, "the PATCH and the GET");
  assert.equal(seen().sort(), ["GET /work", "PATCH /write"]);
  await clock.tickAsync(1000);
  await until(() => server.requests.length === 3, "the DELETE");
  await until(() => pendingTimers(clock!).length === 1, "the gap timer");
  await clock.tickAsync(1000);
  await Promise.all(runs.map((run) => run.result));
  assert.equal(seen().slice(2), ["DELETE /write", "PUT /write"]);
});

test("with a gap, mutations go one at a time: the next waits for the one in flight even after it", async () => {
  clock = fakeClock();
  const client = make({ mutationGap: 1000 });
  const first = settle(client.request("POST /held"));
  const second = settle(client.request("POST /write"));
  await until(() => server.requests.length === 1, "the first POST");
  await clock.tickAsync(5000);
  assert.is(server.requests.length, 1);
  held.shift()!();
  await first.result;
  await until(() => server.requests.length === 2, "the second POST");
  assert.is((await second.result).value?.status, 201);
});

test("no mutationGap by default: mutations within the write budgets go out together", async () => {
  const client = make();
  await Promise.all(["a", "b", "c"].map((name) => client.request("POST /write", { name })));
  assert.is(server.requests.length, 3);
});

test.run();
