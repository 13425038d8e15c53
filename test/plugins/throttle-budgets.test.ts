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
const arrivals: number[] = [];

test.before(async () => {
  server = await startServer({
    "* /write": () => ({ status: 201, body: {} }),
    // When each write arrived, on the (fake) clock.
    "* /paced": () => (arrivals.push(Date.now()), { status: 201, body: {} }),
    "GET /read": { body: {} },
  });
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

test("80 writes a minute: the 81st waits until the first is a minute old (and 1% for jitter), not a moment longer", async () => {
  clock = fakeClock();
  const client = make();
  const runs = Array.from({ length: 81 }, (_, i) => settle(client.request("POST /write", { i })));
  await until(() => posts() === 80 && pendingTimers(clock!).length === 1, "80 writes and one timer");
  assert.equal(pendingTimers(clock), [60_600]);
  await clock.tickAsync(60_599);
  assert.is(posts(), 80);
  await clock.tickAsync(1);
  await until(() => posts() === 81, "the 81st write, sent once the first is a minute old");
  await Promise.all(runs.map((run) => run.result));
});

test("a sustained writer never has more than 80 writes in any minute, bursts across a window edge included", async () => {
  // Writes start 50 s into a clock minute: a count per fixed minute, weighted by overlap,
  // let the burst at its end and the next minute's writes add up to more than 80.
  clock = fakeClock(50_000);
  const client = make({ maxWait: 3_600_000 });
  const runs = Array.from({ length: 200 }, (_, i) => settle(client.request("POST /paced", { i })));
  while (!runs.every((run) => run.done())) {
    await until(() => pendingTimers(clock!).length > 0 || runs.every((run) => run.done()), "a timer or the end");
    if (!runs.every((run) => run.done())) await clock.tickAsync(Math.min(...pendingTimers(clock)));
  }
  assert.is(posts(), 200);
  const sent = arrivals.sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sent.length; i++) {
    while (sent[i]! - sent[j]! >= 60_000) j++;
    most = Math.max(most, i - j + 1);
  }
  assert.is(most, 80);
  // 80 at once, 80 a minute (and 0.6 s) later, 40 as long after that: no more wait than the budget needs.
  assert.is(sent.at(-1)! - sent[0]!, 121_200);
});

test("writesPerMinute and writesPerHour are options; reads are never held", async () => {
  clock = fakeClock();
  const client = make({ writesPerMinute: 2, writesPerHour: 3 });
  const writes = [1, 2, 3].map((i) => settle(client.request("POST /write", { i })));
  await until(() => posts() === 2 && pendingTimers(clock!).length === 1, "two writes");
  await client.request("GET /read");
  assert.is(server.requests.length, 3);
  await clock.tickAsync(60_600);
  await until(() => posts() === 3, "the third write, once the first is a minute old");
  await Promise.all(writes.map((run) => run.result));
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
  await clock.tickAsync(60_600);
  await until(() => second.done(), "b's write, once a's is a minute old");
  assert.is((await second.result).value?.status, 201);
  assert.is(posts(), 3);
});

test("what a shared store holds for the pacer is data: garbage and future times are dropped, a full minute holds at most a minute", async () => {
  clock = fakeClock();
  const now = Date.now();
  const poison = (value: string) => {
    const store = memoryStore();
    return {
      get: (key: string) => (key.startsWith("forgekit:pace:") ? value : store.get(key)),
      set: (key: string, v: string, ttl?: number) => store.set(key, v, ttl),
      delete: (key: string) => store.delete(key),
    };
  };
  const future = Array.from({ length: 500 }, (_, i) => (now + 3_600_000 + i).toString(36));
  const garbage = make({ store: poison([...future, "", "-1", "NaN", "__proto__", "9".repeat(400)].join(",")) });
  await garbage.request("POST /write");
  assert.is(posts(), 1, "nothing in that record counts");
  assert.is(clock.countTimers(), 0);
  const full = Array.from({ length: 80 }, (_, i) => (now - 30_000 + i).toString(36)).join(",");
  const held = settle(make({ store: poison(full) }).request("POST /write"));
  await until(() => pendingTimers(clock!).length === 1, "the held write's timer");
  assert.ok(pendingTimers(clock)[0]! <= 60_600, String(pendingTimers(clock)));
  assert.is(posts(), 1);
  await clock.tickAsync(60_600);
  await until(() => held.done(), "the held write, within a minute");
  assert.is(posts(), 2);
});

test("a budget that is not a whole number from 1 to 10,000 (or Infinity) is a ParameterError naming it", () => {
  for (const bad of [
    { writesPerMinute: 0 },
    { writesPerHour: 1.5 },
    { writesPerMinute: "80" },
    { writesPerHour: 10_001 },
  ])
    assert.throws(
      () => make(bad),
      (error: unknown) => isParameterError(error) && /throttle\.writesPer(Minute|Hour)/.test((error as Error).message),
    );
  make({ writesPerMinute: 10_000, writesPerHour: Infinity });
});

test.run();
