import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { KeyValueStore } from "../../kernel/index.js";
import { etagRoute } from "../helpers/cache-routes.js";
import { startServer, type TestServer } from "../helpers/server.js";
import {
  BUDGET,
  body,
  burst,
  fullOf,
  MODES,
  PREFIX,
  resource,
  rig,
  ROUTE,
  sleep,
  usedAgain,
  type Mode,
  type Rig,
} from "../helpers/store-outages.js";

// Issue 17: a shared store that is killed, frozen, restarted, slow or full of garbage never
// stalls a request — for the cache, the throttle, and both over one store — and is used
// again once it answers. Each test prints what the outage cost in requests to the stand-in.
const test = suite("plugins: a store outage never stalls a request (real redis-server)");
let server: TestServer;
let current: Rig | undefined;

test.before(async () => {
  server = await startServer({ [`GET ${ROUTE}`]: etagRoute(() => body()) });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  resource.version = 1;
});
test.after.each(async () => {
  await current?.close(); // SIGCONT first: no frozen redis-server outlives its test
  current = undefined;
});

async function start(mode: Mode, options: Parameters<typeof rig>[1] = {}): Promise<Rig> {
  current = await rig(mode, options, server);
  // Warm up: the cache stores the entry (the second request revalidates it).
  await burst(current, 1, "before the outage");
  await burst(current, 1, "before the outage");
  return current;
}

/**
 * The outage's cost, read from the stand-in's log, printed for the closing report: requests
 * from `from` to `to` (the outage), how many of them were answered in full (a 304 with a
 * healthy cache), and how many requests it took after it until the store was used again.
 */
function report(name: string, mode: Mode, from: number, to: number, recovery: number) {
  console.log(
    `outage cost ${name}/${mode}: ${to - from} requests during the outage, ${fullOf(server, from, to)} answered in full; ${recovery} (${fullOf(server, to, to + recovery)} in full) until the store was used again`,
  );
}

const warned = (r: Rig, reason: RegExp) => {
  assert.is(r.warn.callCount, 1, `one warning per outage: ${JSON.stringify(r.warn.args)}`);
  assert.match(String(r.warn.firstCall.args[0]), /^(cache|throttle): the store failed \(/);
  assert.match(String(r.warn.firstCall.args[0]), reason);
};
// On a loaded machine a store that is back can miss the budget once more: that is a second
// outage, warned about and recovered from like the first. Each outage gets one warning and
// one recovery note, so the two counts match.
const recovered = (r: Rig) => {
  assert.ok(r.info.callCount >= 1, "a recovery note once the store answers again");
  assert.is(r.info.callCount, r.warn.callCount, `a recovery note per outage: ${JSON.stringify(r.info.args)}`);
  assert.match(String(r.info.firstCall.args[0]), /the store answers again; using it again\.$/);
};

for (const mode of MODES) {
  test(`${mode}: Redis killed (SIGKILL), node-redis defaults: requests go on; the store is used again once restarted`, async () => {
    const r = await start(mode);
    const from = server.requests.length;
    r.redisServer.signal("SIGKILL");
    await r.redisServer.exited;
    await burst(r, 10, "with Redis killed");
    for (let i = 0; i < 6; i++) (await burst(r, 1, "with Redis killed"), await sleep(250));
    warned(r, /not connected|closed|ECONNREFUSED|no answer within/);
    const down = server.requests.length;
    await r.restart();
    const recovery = await usedAgain(r, server);
    recovered(r);
    report("killed", mode, from, down, recovery);
  });

  test(`${mode}: Redis restarted on the same port (disableOfflineQueue): requests go on; the store is used again`, async () => {
    const r = await start(mode, { disableOfflineQueue: true });
    const from = server.requests.length;
    r.redisServer.signal("SIGKILL");
    await burst(r, 10, "while Redis restarts");
    await r.restart();
    await burst(r, 10, "right after Redis restarted");
    const to = server.requests.length;
    const recovery = await usedAgain(r, server);
    assert.is(r.info.callCount, r.warn.callCount, "a recovery note for each outage warned about");
    assert.ok(r.warn.callCount <= 1, `at most one warning: ${JSON.stringify(r.warn.args)}`);
    report("restarted", mode, from, to, recovery);
  });

  test(`${mode}: Redis frozen (SIGSTOP): requests go on after the budget with fresh data; used again after SIGCONT`, async () => {
    const r = await start(mode);
    const from = server.requests.length;
    resource.version = 2; // what Redis holds is stale now: it must never be served as fresh
    r.redisServer.signal("SIGSTOP");
    try {
      await burst(r, 10, "with Redis frozen");
      for (let i = 0; i < 6; i++) (await burst(r, 1, "with Redis frozen"), await sleep(250));
      warned(r, new RegExp(`no answer within ${BUDGET} ms`));
    } finally {
      r.redisServer.signal("SIGCONT");
    }
    const to = server.requests.length;
    const recovery = await usedAgain(r, server);
    recovered(r);
    report("frozen", mode, from, to, recovery);
  });

  test(`${mode}: a slow store (every call ${3 * BUDGET} ms): requests go on after the budget; used again when fast`, async () => {
    const slow = { on: false };
    const delay = <T>(run: () => T) => (slow.on ? sleep(3 * BUDGET).then(run) : (run() as T | Promise<Awaited<T>>));
    const wrap = (store: KeyValueStore): KeyValueStore => ({
      get: (key) => delay(() => store.get(key)) as never,
      set: (key, value, ttl) => delay(() => store.set(key, value, ttl)) as never,
      delete: (key) => delay(() => store.delete(key)) as never,
    });
    const r = await start(mode, { wrap });
    const from = server.requests.length;
    slow.on = true;
    resource.version = 2;
    await burst(r, 10, "with a slow store");
    for (let i = 0; i < 6; i++) (await burst(r, 1, "with a slow store"), await sleep(250));
    warned(r, new RegExp(`no answer within ${BUDGET} ms`));
    slow.on = false;
    const to = server.requests.length;
    const recovery = await usedAgain(r, server);
    recovered(r);
    report("slow", mode, from, to, recovery);
  });

  test(`${mode}: garbage in the store is a miss and is deleted; no warning; the store stays in use`, async () => {
    const r = await start(mode);
    const from = server.requests.length;
    const cacheKey = `${PREFIX}forgekit:cache:GET ${server.url}${ROUTE}`;
    const pauseKeys = [`${PREFIX}forgekit:secondary:anonymous`, `${PREFIX}forgekit:ratelimit:core:anonymous`];
    const spoil = () =>
      Promise.all([
        ...(mode !== "throttle" ? [r.admin.set(cacheKey, "{not json")] : []),
        ...(mode !== "cache" ? pauseKeys.map((key) => r.admin.set(key, "soon")) : []),
      ]);
    await spoil();
    await burst(r, 1, "over garbage");
    await burst(r, 10, "over garbage");
    const deadline = Date.now() + 2000;
    for (;;) {
      const cached = mode === "throttle" ? null : await r.admin.get(cacheKey);
      const pauses = await Promise.all(pauseKeys.map((key) => r.admin.exists(key)));
      const clean = (cached === null || JSON.parse(cached)) && pauses.every((n) => n === 0);
      if (clean) break;
      assert.ok(Date.now() < deadline, `garbage left: ${cached}, pauses ${pauses}`);
      await sleep(20);
    }
    assert.is(r.warn.callCount, 0, "garbage is not an outage");
    const to = server.requests.length;
    const recovery = await usedAgain(r, server);
    report("garbage", mode, from, to, recovery);
  });
}

test.run();
