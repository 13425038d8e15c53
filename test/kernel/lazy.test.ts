import { test } from "uvu";
import * as assert from "uvu/assert";
import { lazy } from "../../kernel/index.js";

test("loads once for concurrent and later callers, and exposes the value once loaded", async () => {
  let calls = 0;
  const value = lazy(async () => ({ n: ++calls }));
  assert.is(value.value, undefined);
  const [a, b] = await Promise.all([value(), value()]);
  assert.is(a, b);
  assert.is(calls, 1);
  assert.is(value.value, a);
  assert.is(await value(), a);
  assert.is(calls, 1);
});

test("a failed load rejects its callers only; the next call loads again", async () => {
  let calls = 0;
  const value = lazy(async () => {
    calls += 1;
    if (calls === 1) throw new Error("chunk failed to load");
    return "loaded";
  });
  const [first, second] = await Promise.allSettled([value(), value()]);
  assert.is(first.status, "rejected");
  assert.is(second.status, "rejected"); // shared the failed load
  assert.is(value.value, undefined);
  assert.is(await value(), "loaded");
  assert.is(calls, 2);
  assert.is(value.value, "loaded");
});

test.run();
