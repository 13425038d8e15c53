import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, ParameterError, type KeyValueStore } from "../../kernel/index.js";
import { cache, memoryStore } from "../../plugins/cache/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { etagOf, etagRoute } from "../helpers/cache-routes.js";

const test = suite("plugins: cache (stores and options)");
const Cached = Client.plugin([cache]);
const TOKEN = "ghp_SECRETSECRETSECRETSECRETSECRETSECRET";
let server: TestServer;

/** A store that records every call, backed by a memory store; `async` answers with promises. */
function recordingStore(async = false) {
  const inner = memoryStore();
  const calls: Array<[string, ...unknown[]]> = [];
  const wrap = <T>(value: T) => (async ? Promise.resolve(value) : value);
  const store: KeyValueStore = {
    get: (key) => (calls.push(["get", key]), wrap(inner.get(key) as string | undefined)),
    set: (key, value, ttl) => (calls.push(["set", key, value, ttl]), wrap(inner.set(key, value, ttl))),
    delete: (key) => (calls.push(["delete", key]), wrap(inner.delete(key))),
  };
  return { store, calls };
}

test.before(async () => {
  server = await startServer({ "POST /r/1": { status: 201, body: {} } });
  for (const n of [1, 2, 3])
    server.route(
      `GET /r/${n}`,
      etagRoute((req) => ({ path: req.path })),
    );
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

const conditional = () => server.requests.map((r) => r.headers["if-none-match"] ?? null);

test("memoryStore: least recently used goes first; a read counts as a use", () => {
  const store = memoryStore({ maxEntries: 2 });
  store.set("a", "1");
  store.set("b", "2");
  assert.is(store.get("a"), "1");
  store.set("c", "3");
  assert.is(store.get("b"), undefined);
  assert.is(store.get("a"), "1");
  assert.is(store.get("c"), "3");
  store.delete("a");
  assert.is(store.get("a"), undefined);
});

test("memoryStore: a TTL expires on the injected clock, without timers", () => {
  let now = 1_000;
  const store = memoryStore({ now: () => now });
  store.set("k", "v", 500);
  store.set("forever", "v");
  now = 1_499;
  assert.is(store.get("k"), "v");
  now = 1_500;
  assert.is(store.get("k"), undefined);
  now = 1e12;
  assert.is(store.get("forever"), "v");
});

test("maxEntries bounds the default store: the least recently used URL is revalidated no more", async () => {
  const client = new Cached({ baseUrl: server.url, cache: { maxEntries: 2 } });
  for (const n of [1, 2, 3, 1, 3]) await client.request(`GET /r/${n}`);
  assert.equal(conditional(), [null, null, null, null, etagOf({ path: "/r/3" })]);
});

test("an async store works the same, and the ttl reaches set() and is renewed by each 304", async () => {
  const { store, calls } = recordingStore(true);
  const client = new Cached({ baseUrl: server.url, cache: { store, ttl: 60_000 } });
  await client.request("GET /r/1");
  const second = await client.request("GET /r/1");
  assert.equal(conditional(), [null, etagOf({ path: "/r/1" })]);
  assert.equal(second.data, { path: "/r/1" });
  const sets = calls.filter((c) => c[0] === "set");
  assert.is(sets.length, 2, "stored on the 200, renewed on the 304");
  assert.equal(
    sets.map((c) => c[3]),
    [60_000, 60_000],
  );
  assert.is(sets[0]![1], `forgekit:cache:GET ${server.url}/r/1`);
});

test("without a ttl a 304 with unchanged validators writes nothing", async () => {
  const { store, calls } = recordingStore();
  const client = new Cached({ baseUrl: server.url, cache: { store } });
  for (let i = 0; i < 3; i++) await client.request("GET /r/1");
  assert.is(calls.filter((c) => c[0] === "set").length, 1);
});

test("store keys and values never hold the credential; different credentials are different variants", async () => {
  const { store, calls } = recordingStore();
  const client = new Cached({ baseUrl: server.url, cache: { store }, headers: { authorization: `token ${TOKEN}` } });
  await client.request("GET /r/1");
  await client.request("GET /r/1");
  await client.request("GET /r/1", { headers: { authorization: "token other" } });
  const written = JSON.stringify(calls);
  assert.not.ok(written.includes(TOKEN.slice(4)), "no part of the token in any key or value");
  assert.not.ok(written.includes("other"));
  assert.equal(conditional(), [null, etagOf({ path: "/r/1" }), null]);
  const record = JSON.parse(store.get(`forgekit:cache:GET ${server.url}/r/1`) as string);
  assert.is(Object.keys(record).length, 2);
  for (const variant of Object.keys(record)) assert.match(variant, /\n[0-9a-f]{32}$/);
});

test("a failing store costs the cache, never the request: one warning per client, no credential in it", async () => {
  const warn = sinon.spy();
  const broken: KeyValueStore = {
    get: () => Promise.reject(new Error(`connection lost while reading with token ${TOKEN}`)),
    set: () => {
      throw new Error("read-only replica");
    },
    delete: () => Promise.reject(new Error("gone")),
  };
  const client = new Cached({ baseUrl: server.url, cache: { store: broken }, log: { warn } });
  for (let i = 0; i < 3; i++) assert.equal((await client.request("GET /r/2")).data, { path: "/r/2" });
  await client.request("POST /r/1");
  assert.is(warn.callCount, 1);
  assert.match(warn.firstCall.args[0], /cache: the store failed/);
  assert.not.ok(String(warn.firstCall.args[0]).includes(TOKEN));
});

test("a corrupt or foreign stored value is a miss", async () => {
  const store = memoryStore();
  store.set(`forgekit:cache:GET ${server.url}/r/1`, "not json");
  store.set(
    `forgekit:cache:GET ${server.url}/r/2`,
    JSON.stringify({ "application/vnd.github.v3+json\n\n\n": { u: 1 } }),
  );
  const client = new Cached({ baseUrl: server.url, cache: { store } });
  await client.request("GET /r/1");
  await client.request("GET /r/2");
  assert.equal(conditional(), [null, null]);
});

test("constructing does no store I/O, and two clients share no entries", async () => {
  const { store, calls } = recordingStore();
  new Cached({ baseUrl: server.url, cache: { store } });
  assert.is(calls.length, 0);
  const a = new Cached({ baseUrl: server.url, cache: true });
  const b = new Cached({ baseUrl: server.url, cache: true });
  await a.request("GET /r/3");
  await b.request("GET /r/3");
  assert.equal(conditional(), [null, null]);
});

test("a bad cache option throws a ParameterError naming the fix, before any request", () => {
  const cases: Array<[unknown, RegExp]> = [
    ["yes", /got yes\. Use `cache: true` or `cache: \{ store\?, maxEntries\?, ttl\?, storeTimeout\? \}`/],
    [{ maxEntries: 0 }, /maxEntries must be a positive integer, got 0/],
    [{ maxEntries: 1.5 }, /maxEntries must be a positive integer/],
    [{ ttl: -1 }, /ttl must be a positive number of milliseconds/],
    [{ storeTimeout: 0 }, /storeTimeout must be a positive number of milliseconds, got 0/],
    [{ store: { get() {} } }, /store must implement get\(key\), set\(key, value, ttl\?\) and delete\(key\)/],
    [{ store: memoryStore(), maxEntries: 10 }, /with your own store, size that store instead/],
    [{ maxEntry: 10 }, /unknown key\(s\) maxEntry/],
  ];
  for (const [option, message] of cases) {
    const error = (() => {
      try {
        new Cached({ baseUrl: server.url, cache: option as never });
      } catch (e) {
        return e;
      }
    })();
    assert.instance(error, ParameterError, String(option));
    assert.match((error as Error).message, message);
  }
  assert.is(server.requests.length, 0);
});

test.run();
