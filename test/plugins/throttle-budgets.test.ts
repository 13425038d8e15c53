// Write pacing by GitHub's documented secondary limits (plugins/throttle/pacer.ts): a burst
// within the budgets goes out at once; past them a write waits just long enough; the counts
// are per credential and shared through the store. Time is a fake clock.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, isParameterError } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { auth } from "../../plugins/auth/index.js";
import { memoryStore } from "../../plugins/store/index.js";
import { isRateLimitError, throttle } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { fakeClock, keepAlive, pendingTimers, settle, until, type Clock } from "../helpers/policy-clock.js";

const test = suite("throttle: write budgets");
let server: TestServer;
let clock: Clock | undefined;
// throttle before auth: the first registered is the innermost, so it sees the authorization header.
const Policy = Client.plugin([agent, throttle, auth]);
const make = (throttleOptions: object = {}, token = "ghp_budgetbudgetbudgetbudgetbudget0001") =>
  new Policy({ baseUrl: server.url, agent: keepAlive, auth: token, throttle: throttleOptions });
const posts = () => server.requests.filter((r) => r.method === "POST").length;

test.before(async () => {
  server = await startServer({ "* /write": () => ({ status: 201, body: {} }), "GET /read": { body: {} } });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));
test.after.each(() => void (clock?.uninstall(), (clock = undefined)));

test("five writes in a row go out at once: no timer, no wait", async () => {
  clock = fakeClock();
  const client = make();
  await Promise.all(Array.from({ length: 5 }, (_, i) => client.request("POST /write", { i })));
  assert.is(posts(), 5);
  assert.is(clock.countTimers(), 0);
});

test("80 writes a minute: the 81st waits for the next window, then for the sliding estimate", async () => {
  clock = fakeClock();
  const client = make();
  const runs = Array.from({ length: 81 }, (_, i) => settle(client.request("POST /write", { i })));
  await until(() => posts() === 80 && pendingTimers(clock!).length === 1, "80 writes and one timer");
  assert.equal(pendingTimers(clock), [60_000]);
  await clock.tickAsync(60_000);
  // The previous window's 80 still weigh in fully at its end: 1/80 of a minute later one fits.
  await until(() => pendingTimers(clock!).length === 1, "the sliding-window timer");
  assert.equal(pendingTimers(clock), [750]);
  assert.is(posts(), 80);
  await clock.tickAsync(750);
  await Promise.all(runs.map((run) => run.result));
  assert.is(posts(), 81);
});

test("writesPerMinute and writesPerHour are options; reads are never held", async () => {
  clock = fakeClock();
  const client = make({ writesPerMinute: 2, writesPerHour: 3 });
  const writes = [1, 2, 3].map((i) => settle(client.request("POST /write", { i })));
  await until(() => posts() === 2 && pendingTimers(clock!).length === 1, "two writes");
  await client.request("GET /read");
  assert.is(server.requests.length, 3);
  await clock.tickAsync(60_000);
  await until(() => pendingTimers(clock!).length === 1, "the next window's timer");
  await clock.tickAsync(pendingTimers(clock)[0]!);
  await Promise.all(writes.map((run) => run.result));
  assert.is(posts(), 3);
  // The hour's budget (3) is spent: the next write would wait past maxWait and fails fast.
  const error = await client.request("POST /write").catch((e: unknown) => e);
  assert.ok(isRateLimitError(error), String(error));
  assert.is(posts(), 3);
});

test("counts are per credential, and shared by clients through one store", async () => {
  clock = fakeClock();
  const store = memoryStore();
  const a = make({ store, writesPerMinute: 1 });
  const b = make({ store, writesPerMinute: 1 });
  const other = make({ store, writesPerMinute: 1 }, "ghp_otherotherotherotherotherother0002");
  await a.request("POST /write");
  await other.request("POST /write");
  const second = settle(b.request("POST /write"));
  await until(() => pendingTimers(clock!).length === 1, "b's write held");
  assert.is(posts(), 2);
  await clock.tickAsync(60_000);
  await until(() => pendingTimers(clock!).length === 1 || second.done(), "the sliding-window timer");
  if (!second.done()) await clock.tickAsync(pendingTimers(clock)[0]!);
  assert.is((await second.result).value?.status, 201);
  assert.is(posts(), 3);
});

test("a budget that is not a whole number from 1 is a ParameterError naming it", () => {
  for (const bad of [{ writesPerMinute: 0 }, { writesPerHour: 1.5 }, { writesPerMinute: "80" }])
    assert.throws(
      () => make(bad),
      (error: unknown) => isParameterError(error) && /throttle\.writesPer(Minute|Hour)/.test((error as Error).message),
    );
});

test.run();
