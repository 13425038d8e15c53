import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createClient } from "redis";
import { startServer, type TestServer } from "../helpers/server.js";
import { etagOf, etagRoute } from "../helpers/cache-routes.js";
import { startRedis, type RedisServer } from "../helpers/redis-server.js";
import { startWorker, type Worker } from "../helpers/redis-workers.js";

// Three client processes, each with its own forgekit client (throttle, cache, auth) and its own
// Redis connection, sharing one redis-server: A and B use one token, C another.
const test = suite("plugins: cache and rate-limit pauses shared by client processes through Redis");
const TOKEN = "ghp_WORKERWORKERWORKERWORKERWORKERWORKER";
const OTHER = "ghp_OTHEROTHEROTHEROTHEROTHEROTHEROTHER1";
const repo = { id: 7, full_name: "o/r" };
const route = "GET /repos/{owner}/{repo}";
const params = { owner: "o", repo: "r" };
let redisServer: RedisServer | undefined;
let startError: unknown;
let server: TestServer;
let a: Worker, b: Worker, c: Worker;

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r": etagRoute(() => repo),
    "PATCH /repos/o/r": { body: repo },
    // GitHub's secondary rate limit: a 403 naming it, with Retry-After; the budget is not exhausted.
    "GET /search/code": {
      status: 403,
      headers: {
        "retry-after": "60",
        "x-ratelimit-limit": "30",
        "x-ratelimit-remaining": "25",
        "x-ratelimit-resource": "code_search",
      },
      body: {
        message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
        documentation_url:
          "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits",
      },
    },
  });
  try {
    redisServer = await startRedis();
  } catch (error) {
    startError = error;
    return;
  }
  // Workers decline to wait for a rate limit (their callback returns false): no real 60 s pause.
  const config = {
    redisUrl: redisServer.url,
    prefix: "app:",
    baseUrl: server.url,
    plugins: ["cache", "throttle"] as Array<"cache" | "throttle">,
    throttle: { decline: true },
  };
  [a, b, c] = [
    startWorker({ ...config, token: TOKEN }),
    startWorker({ ...config, token: TOKEN }),
    startWorker({ ...config, token: OTHER }),
  ];
});
test.after(async () => {
  await Promise.allSettled([a, b, c].filter(Boolean).map((w) => w.stop()));
  for (const worker of [a, b, c]) worker?.kill();
  await redisServer?.stop();
  await server.close();
});
test.before.each(() => {
  if (startError) throw startError;
  server.requests.length = 0;
});

test("process B's first GET sends the If-None-Match process A learned, and B gets A's data from the 304", async () => {
  const first = await a.request(route, params);
  const second = await b.request(route, params);
  assert.equal([first.ok, first.status], [true, 200]);
  assert.is(server.requests[0]!.headers["if-none-match"], undefined);
  assert.is(server.requests[1]!.headers["if-none-match"], etagOf(repo), "B revalidated with A's ETag");
  assert.is(
    server.requests[1]!.headers.authorization,
    `token ${TOKEN}`,
    "with the credential (auth runs before the cache)",
  );
  assert.equal([second.ok, second.status, second.data], [true, 200, repo]);
  assert.is(second.headers!["x-ratelimit-remaining"], "4998", "the 304's fresh rate-limit headers");
  // And the other way round: after B's PATCH, A's next GET is unconditional.
  await b.request("PATCH /repos/{owner}/{repo}", { ...params, name: "r" });
  await a.request(route, params);
  assert.equal(
    server.requests.map((r) => [r.method, r.headers["if-none-match"] ?? null]),
    [
      ["GET", null],
      ["GET", etagOf(repo)],
      ["PATCH", null],
      ["GET", null],
    ],
  );
});

test("process C, with another token, does not share A's entry; no credential is ever written to Redis", async () => {
  await a.request(route, params);
  await c.request(route, params);
  assert.equal(
    server.requests.map((r) => [r.headers.authorization, r.headers["if-none-match"] ?? null]),
    [
      [`token ${TOKEN}`, etagOf(repo)],
      [`token ${OTHER}`, null],
    ],
  );
  const redis = await createClient({ url: redisServer!.url }).connect();
  const keys = await redis.keys("*");
  const everything = JSON.stringify([keys, await Promise.all(keys.map((key) => redis.get(key)))]);
  await redis.close();
  assert.ok(keys.some((key) => key.startsWith("app:forgekit:cache:GET ")));
  for (const token of [TOKEN, OTHER])
    assert.not.ok(everything.includes(token.slice(4)), "no credential in any Redis key or value");
});

test("when process A hits a secondary rate limit, process B pauses too: it sends nothing and learns A's pause", async () => {
  const hit = await a.request("GET /search/code", { q: "x" });
  const retryAfterEnds = Date.now() + 60_000;
  assert.equal([hit.ok, hit.name, hit.status], [false, "HttpError", 403]);
  const paused = await b.request(route, params);
  assert.is(server.requests.length, 1, "B sent nothing while the pause is in force");
  assert.equal([paused.ok, paused.name], [false, "RateLimitError"]);
  // B's throttle asked its callback before waiting, with `sent: false`: the pause came from Redis.
  assert.equal(
    b.events.map((e) => [e.event, e.info.kind, e.info.sent]),
    [["onSecondaryRateLimit", "secondary", false]],
  );
  const until = b.events[0]!.info.retryAt;
  // Retry-After counts from A's response, corrected by the throttle for clock skew with GitHub's
  // second-granular `date`: within a couple of seconds of 60 s after A's request.
  assert.ok(
    Math.abs(until - retryAfterEnds) < 2_500,
    `B pauses until the end of A's Retry-After: 60 (${retryAfterEnds - until} ms apart)`,
  );
  // GitHub counts per token: C (another token) is not paused.
  const free = await c.request(route, params);
  assert.equal([free.ok, free.status], [true, 200]);
  assert.equal(
    server.requests.map((r) => r.headers.authorization),
    [`token ${TOKEN}`, `token ${OTHER}`],
  );
});

test.run();
