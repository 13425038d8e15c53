import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createClient } from "redis";
import { Client, isHttpError, type KeyValueStore } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle, memoryStore, primaryKey, isRateLimitError, rateLimitOf } from "../../plugins/throttle/index.js";
import { redisStore } from "../../plugins/redis/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { startRedis, type RedisServer } from "../helpers/redis-server.js";
import { fakeClock, httpDate, keepAlive, SERVER_NOW, type Clock } from "../helpers/policy-clock.js";

// Rate-limit headers are the server's data: a reset no Date can hold (9999999999999 s), or
// one centuries away, must neither throw a RangeError nor stop a shared store for longer
// than the client would ever wait (issue 23).
const test = suite("throttle: hostile rate-limit headers, with a memory store and a real redis-server");
let server: TestServer;
let clock: Clock;
let redisServer: RedisServer | undefined;
let redis: ReturnType<typeof createClient> | undefined;
let startError: unknown;
const Policy = Client.plugin([agent, retry, throttle]);
const MAX_WAIT = 60_000;
const make = (store: KeyValueStore) =>
  new Policy({ baseUrl: server.url, agent: keepAlive, throttle: { store, maxWait: MAX_WAIT } });

/** A 200 that says the budget is used up until `reset` (epoch seconds, as sent). */
const exhausted = (reset: string) => ({
  headers: {
    date: httpDate(SERVER_NOW),
    "x-ratelimit-remaining": "0",
    "x-ratelimit-limit": "5000",
    "x-ratelimit-reset": reset,
  },
  body: { poisoned: true },
});

/** A store that records the TTL of every `set`. */
function recording(inner: KeyValueStore) {
  const ttls: (number | undefined)[] = [];
  const store: KeyValueStore = {
    get: (key) => inner.get(key),
    set: (key, value, ttl) => (ttls.push(ttl), inner.set(key, value, ttl)),
    delete: (key) => inner.delete(key),
  };
  return { store, ttls };
}

test.before(async () => {
  server = await startServer({
    "GET /poison": exhausted("9999999999999"),
    "GET /far": exhausted("9999999999"),
    "GET /ok": { body: { ok: true } },
  });
  try {
    redisServer = await startRedis();
    redis = await createClient({ url: redisServer.url }).connect();
  } catch (error) {
    startError = error;
  }
});
test.after(async () => {
  keepAlive.destroy();
  await redis?.close();
  await redisServer?.stop();
  await server.close();
});
test.before.each(() => void ((server.requests.length = 0), (clock = fakeClock())));
test.after.each(() => clock.uninstall());

for (const kind of ["memory", "redis"] as const) {
  const storeOf = () => {
    // Fail, never skip, when Redis could not be started.
    if (kind === "redis" && startError) throw startError;
    return kind === "memory"
      ? memoryStore()
      : redisStore(redis!, { prefix: `hostile-${Date.now()}-${Math.random()}:` });
  };

  test(`${kind} store: x-ratelimit-reset 9999999999999 on a 200 is garbage: no pause, later requests are sent`, async () => {
    const { store, ttls } = recording(storeOf());
    const client = make(store);
    const poisoned = await client.request("GET /poison");
    assert.is(poisoned.status, 200);
    assert.is(rateLimitOf(poisoned)?.reset, undefined);
    assert.is(rateLimitOf(poisoned)?.remaining, 0);
    for (let i = 0; i < 3; i++) assert.is((await client.request("GET /ok")).status, 200);
    assert.is(server.requests.length, 4);
    assert.equal(ttls, [], "no pause was written");
  });

  test(`${kind} store: a reset in 2286 pauses for at most maxWait, then one request asks again`, async () => {
    const { store, ttls } = recording(storeOf());
    const client = make(store);
    await client.request("GET /far");
    assert.equal(ttls, [MAX_WAIT], "the stored pause lives maxWait, not 262 years");
    if (kind === "redis") {
      const keys = await redis!.keys("hostile-*");
      const ttl = await redis!.pTTL(keys.find((key) => key.endsWith(primaryKey("core", "anonymous")))!);
      assert.ok(ttl > 0 && ttl <= MAX_WAIT, `redis PTTL ${ttl}`);
    }
    const error = await client.request("GET /ok").catch((e: unknown) => e);
    assert.ok(isRateLimitError(error), String(error));
    assert.is(error.reason, "max-wait");
    assert.match(error.message, /exhausted until 2286-11-20T17:46:39\.000Z \(\d+ s\), longer than maxWait \(60 s\)/);
    assert.is(server.requests.length, 1, "the second request was not sent");
    // Real redis expires the key on its own clock; the memory store reads the fake one.
    if (kind === "redis") await redis!.flushAll();
    clock.tick(MAX_WAIT + 1);
    const again = await client.request("GET /ok");
    assert.is(again.status, 200);
    assert.is(server.requests.length, 2);
  });
}

test("redis store: a pause a Date cannot hold, left by an older client, is deleted and the request is sent", async () => {
  if (startError) throw startError;
  const prefix = `legacy-${Math.random()}:`;
  const key = `${prefix}${primaryKey("core", "anonymous")}`;
  // What the issue saw: 9999999999999 s as ms, written with a TTL of ~317 million years.
  await redis!.set(key, "9999999999999000", { PX: 9_998_204_436_732_996 });
  const client = make(redisStore(redis!, { prefix }));
  assert.is((await client.request("GET /ok")).status, 200);
  assert.is(server.requests.length, 1);
  assert.is(await redis!.exists(key), 0);
});

test("a garbage reset on a 403 rejects with the HttpError, never a RangeError", async () => {
  server.route("GET /forbidden", { ...exhausted("9999999999999"), status: 403, body: { message: "Forbidden" } });
  const error = await make(memoryStore())
    .request("GET /forbidden")
    .catch((e: unknown) => e);
  assert.ok(isHttpError(error), String(error));
  assert.is(error.status, 403);
});

test.run();
