import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import type { KeyValueStore } from "../../kernel/index.js";
import { budgetedStore } from "../../plugins/store/budgeted-store.js";
import { memoryStore } from "../../plugins/store/index.js";

// The time budget every store call of the cache and the throttle runs under, on a fake clock
// (the real-Redis outages are in redis-outages.test.ts).
const test = suite("plugins/store: budgetedStore");
let clock: sinon.SinonFakeTimers;
test.before.each(() => void (clock = sinon.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] })));
test.after.each(() => clock.restore());

function owner() {
  return { log: { warn: sinon.spy(), info: sinon.spy(), debug: sinon.spy(), error: sinon.spy() } };
}

/** A store whose answers the test releases by hand. */
function manualStore() {
  const calls: Array<{ key: string; answer: (value: string | undefined) => void }> = [];
  const store: KeyValueStore = {
    get: (key) => new Promise((resolve) => calls.push({ key, answer: resolve })),
    set: () => Promise.resolve(),
    delete: () => Promise.resolve(),
  };
  return { store, calls };
}

test("a synchronous store stays synchronous: values, not promises, and no timer", () => {
  const store = budgetedStore(memoryStore(), { name: "cache", timeout: 150, owner: owner() });
  store.set("k", "v");
  assert.is(store.get("k"), "v");
  assert.is(clock.countTimers(), 0);
});

test("past the budget a read is empty, one warning per outage; the late answer is never used", async () => {
  const { store, calls } = manualStore();
  const o = owner();
  const budgeted = budgetedStore(store, { name: "cache", timeout: 150, owner: o });
  const first = budgeted.get("a");
  await clock.tickAsync(150);
  assert.is(await first, undefined);
  assert.is(o.log.warn.callCount, 1);
  assert.match(o.log.warn.firstCall.args[0], /^cache: the store failed \(no answer within 150 ms\)/);
  calls[0]!.answer("late");
  // Down: calls skip the store at once until the next probe is due.
  assert.is(budgeted.get("a"), undefined);
  assert.is(calls.length, 1);
  await clock.tickAsync(1000);
  const probe = budgeted.get("a");
  assert.is(calls.length, 2, "one probe");
  assert.is(budgeted.get("b"), undefined, "no second call while the probe is out");
  calls[1]!.answer("fresh");
  assert.is(await probe, "fresh");
  assert.is(o.log.info.callCount, 1);
  assert.match(o.log.info.firstCall.args[0], /^cache: the store answers again; using it again\.$/);
  assert.is(o.log.warn.callCount, 1);
});

test("the cache and the throttle of one client share the outage: one warning for both", async () => {
  const broken: KeyValueStore = {
    get: () => Promise.reject(new Error("ECONNREFUSED")),
    set: () => Promise.reject(new Error("ECONNREFUSED")),
    delete: () => Promise.reject(new Error("ECONNREFUSED")),
  };
  const o = owner();
  const cache = budgetedStore(broken, { name: "cache", timeout: 150, owner: o });
  const throttle = budgetedStore(broken, { name: "throttle", timeout: 150, owner: o });
  assert.is(await cache.get("a"), undefined);
  assert.is(await throttle.get("b"), undefined);
  assert.is(o.log.warn.callCount, 1);
  const other = owner();
  assert.is(await budgetedStore(broken, { name: "cache", timeout: 150, owner: other }).get("a"), undefined);
  assert.is(other.log.warn.callCount, 1, "another client warns on its own");
});

test.run();
