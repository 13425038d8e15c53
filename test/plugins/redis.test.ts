import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createClient } from "redis";
import { Client, ParameterError } from "../../kernel/index.js";
import { cache } from "../../plugins/cache/index.js";
import { redisStore } from "../../plugins/redis/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { etagOf, etagRoute } from "../helpers/cache-routes.js";
import { startRedis, type RedisServer } from "../helpers/redis-server.js";

const test = suite("plugins: redis store (real redis-server on loopback)");
let redisServer: RedisServer | undefined;
let startError: unknown;
let redis: ReturnType<typeof createClient>;
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /repos/o/r": etagRoute(() => ({ id: 1 })), "PATCH /repos/o/r": { body: {} } });
  try {
    redisServer = await startRedis();
    redis = await createClient({ url: redisServer.url }).connect();
  } catch (error) {
    startError = error;
  }
});
test.after(async () => {
  await redis?.close();
  await redisServer?.stop();
  await server.close();
});
test.before.each(() => {
  // Fail every test, loudly, when Redis could not be started: never skip silently.
  if (startError) throw startError;
  server.requests.length = 0;
});

test("get/set/delete round-trip under the prefix; a missing key reads as undefined", async () => {
  const store = redisStore(redis, { prefix: "app1:" });
  assert.is(await store.get("k"), undefined);
  await store.set("k", "v");
  assert.is(await store.get("k"), "v");
  assert.is(await redis.get("app1:k"), "v");
  assert.is(await redisStore(redis, { prefix: "app2:" }).get("k"), undefined);
  await store.delete("k");
  assert.is(await redis.get("app1:k"), null);
});

test("a TTL is sent as PX, in whole milliseconds; a lapsed TTL deletes", async () => {
  const store = redisStore(redis, { prefix: "ttl:" });
  await store.set("short", "v", 1500.2);
  const pttl = await redis.pTTL("ttl:short");
  assert.ok(pttl > 1000 && pttl <= 1501, `PTTL ${pttl}`);
  await store.set("forever", "v");
  assert.is(await redis.pTTL("ttl:forever"), -1);
  await store.set("forever", "v", 0);
  assert.is(await redis.exists("ttl:forever"), 0);
});

test("the cache over Redis: a second client (same process) revalidates with the ETag the first stored", async () => {
  const Cached = Client.plugin([cache]);
  const store = redisStore(redis, { prefix: "inproc:" });
  const a = new Cached({ baseUrl: server.url, cache: { store, ttl: 60_000 } });
  const b = new Cached({ baseUrl: server.url, cache: { store, ttl: 60_000 } });
  await a.request("GET /repos/o/r");
  const answer = await b.request("GET /repos/o/r");
  assert.is(server.requests[1]!.headers["if-none-match"], etagOf({ id: 1 }));
  assert.is(answer.status, 200);
  assert.equal(answer.data, { id: 1 });
  const key = `inproc:forgekit:cache:GET ${server.url}/repos/o/r`;
  assert.ok((await redis.pTTL(key)) > 0, "the entry expires");
  await b.request("PATCH /repos/o/r", { name: "x" });
  assert.is(await redis.exists(key), 0, "a PATCH removed it for every client");
});

test("while node-redis is not ready, every call rejects at once and sends nothing (no offline queue)", async () => {
  const sent: string[] = [];
  const client = {
    isReady: false,
    get: async (key: string) => (sent.push(`GET ${key}`), "v"),
    set: async (key: string) => void sent.push(`SET ${key}`),
    del: async (key: string) => void sent.push(`DEL ${key}`),
  };
  const store = redisStore(client);
  for (const call of [() => store.get("k"), () => store.set("k", "v", 1000), () => store.delete("k")])
    assert.match(
      await Promise.resolve(call()).then(
        () => "resolved",
        (error: Error) => error.message,
      ),
      /^redis: the client is not connected/,
    );
  assert.equal(sent, []);
  client.isReady = true;
  assert.is(await store.get("k"), "v");
  assert.equal(sent, ["GET k"]);
});

test("a value that is not a connected client fails at once with the fix", () => {
  for (const bad of [undefined, {}, { get() {}, set() {} }]) {
    assert.throws(
      () => redisStore(bad as never),
      (error: Error) => error instanceof ParameterError && /pass a connected node-redis client/.test(error.message),
    );
  }
  assert.throws(() => redisStore(redis, { prefix: 1 as never }), /prefix must be a string/);
});

test.run();
