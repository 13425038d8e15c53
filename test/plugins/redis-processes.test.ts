import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createClient } from "redis";
import { startServer, type TestServer } from "../helpers/server.js";
import { etagOf, etagRoute } from "../helpers/cache-routes.js";
import { startRedis, type RedisServer } from "../helpers/redis-server.js";
import { startWorker, type Worker, type WorkerConfig } from "../helpers/redis-workers.js";

const test = suite("plugins: cache shared by two processes through Redis");
const TOKEN = "ghp_WORKERWORKERWORKERWORKERWORKERWORKER";
const repo = { id: 7, full_name: "o/r" };
let redisServer: RedisServer | undefined;
let startError: unknown;
let server: TestServer;
const workers: Worker[] = [];

test.before(async () => {
  server = await startServer({ "GET /repos/o/r": etagRoute(() => repo), "PATCH /repos/o/r": { body: repo } });
  try {
    redisServer = await startRedis();
  } catch (error) {
    startError = error;
  }
});
test.after(async () => {
  for (const worker of workers) worker.kill();
  await redisServer?.stop();
  await server.close();
});
test.before.each(() => {
  if (startError) throw startError;
  server.requests.length = 0;
});

function spawnPair(config: Partial<WorkerConfig> = {}): [Worker, Worker] {
  const base: WorkerConfig = { redisUrl: redisServer!.url, prefix: `t${Date.now()}:`, baseUrl: server.url, token: TOKEN, plugins: ["cache"], ...config };
  const pair: [Worker, Worker] = [startWorker(base), startWorker(base)];
  workers.push(...pair);
  return pair;
}

test("process B's first GET sends the If-None-Match process A learned, and B gets A's data from the 304", async () => {
  const [a, b] = spawnPair();
  const first = await a.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const second = await b.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.equal([first.ok, first.status], [true, 200]);
  assert.is(server.requests[0]!.headers["if-none-match"], undefined);
  assert.is(server.requests[1]!.headers["if-none-match"], etagOf(repo), "B revalidated with A's ETag");
  assert.is(server.requests[1]!.headers.authorization, `token ${TOKEN}`, "with the credential (auth runs before the cache)");
  assert.equal([second.ok, second.status, second.data], [true, 200, repo]);
  assert.is(second.headers!["x-ratelimit-remaining"], "4998", "the 304's fresh rate-limit headers");
  // And the other way round: after B's PATCH, A's next GET is unconditional.
  await b.request("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "r" });
  await a.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.equal(server.requests.map((r) => [r.method, r.headers["if-none-match"] ?? null]), [
    ["GET", null],
    ["GET", etagOf(repo)],
    ["PATCH", null],
    ["GET", null],
  ]);
  await Promise.all([a.stop(), b.stop()]);
  const redis = await createClient({ url: redisServer!.url }).connect();
  const keys = await redis.keys("*");
  const everything = JSON.stringify([keys, await Promise.all(keys.map((key) => redis.get(key)))]);
  await redis.close();
  assert.ok(keys.length > 0);
  assert.not.ok(everything.includes(TOKEN.slice(4)), "no credential in any Redis key or value");
});

test("a worker with another credential does not share the entry", async () => {
  const base = { redisUrl: redisServer!.url, prefix: `c${Date.now()}:`, baseUrl: server.url, plugins: ["cache"] as Array<"cache"> };
  const a = startWorker({ ...base, token: TOKEN });
  const b = startWorker({ ...base, token: "ghp_OTHEROTHEROTHEROTHEROTHEROTHEROTHER1" });
  workers.push(a, b);
  await a.request("GET /repos/o/r");
  await b.request("GET /repos/o/r");
  assert.equal(server.requests.map((r) => r.headers["if-none-match"] ?? null), [null, null]);
  await Promise.all([a.stop(), b.stop()]);
});

test.run();
