import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startServer, type TestServer } from "../helpers/server.js";
import { etagOf, etagRoute } from "../helpers/cache-routes.js";
import { startRedis, type RedisServer } from "../helpers/redis-server.js";

// Runs every ```ts sample (not ```ts no-run) of the cache and Redis sections of
// docs/caching-and-shared-state.md against a loopback stand-in for GitHub and a real redis-server.
const test = suite("cache: docs/caching-and-shared-state.md samples run");
const root = new URL("../../", import.meta.url);
const TOKEN = "ghp_docsCacheSample0123456789abcdefghij";
const repo = { id: 1296269, full_name: "octocat/hello-world" };
const guide = readFileSync(new URL("docs/caching-and-shared-state.md", root), "utf8");
const sections = guide
  .split(/^(?=## )/m)
  .filter((s) => /^## (The conditional-request cache|Sharing state between processes)/.test(s));
const samples = sections.flatMap((s) => [...s.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? ""));
let server: TestServer;
let redisServer: RedisServer | undefined;
let dir: string;
let runs = 0;
let startError: unknown;

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), "forgekit-cache-docs-"));
  server = await startServer({ "GET /repos/octocat/hello-world": etagRoute(() => repo) });
  Object.assign(process.env, { GITHUB_API_URL: server.url, GITHUB_TOKEN: TOKEN });
  try {
    redisServer = await startRedis();
    process.env.REDIS_URL = redisServer.url;
  } catch (error) {
    startError = error;
  }
});
test.before.each(() => {
  if (startError) throw startError;
});
test.after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await redisServer?.stop();
  await server.close();
});

/** Run a sample as a module of its own; returns what it sent and what it printed. */
async function run(sample: string) {
  const source = sample
    .replace(/from "forgekit\/core"/g, `from ${JSON.stringify(new URL("kernel/index.ts", root).href)}`)
    .replace(
      /from "forgekit\/plugins\/(\w+)"/g,
      (_, name: string) => `from ${JSON.stringify(new URL(`plugins/${name}/index.ts`, root).href)}`,
    )
    .replace(/from "redis"/g, `from ${JSON.stringify(import.meta.resolve("redis"))}`);
  assert.not.match(source, /from "forgekit/);
  const file = join(dir, `sample-${++runs}.ts`);
  writeFileSync(file, source);
  const before = server.requests.length;
  const log = sinon.stub(console, "log");
  try {
    await import(pathToFileURL(file).href);
    return { sent: server.requests.slice(before), printed: log.getCalls().map((call) => call.args) };
  } finally {
    log.restore();
  }
}

test("the cache and Redis sections have runnable samples", () => {
  assert.is(samples.length, 3);
});

test("sample 1: the second request is conditional and answered from the 304", async () => {
  const { sent, printed } = await run(samples[0]!);
  assert.equal(
    sent.map((r) => r.headers["if-none-match"] ?? null),
    [null, etagOf(repo)],
  );
  assert.is(printed[0]![0], 200);
  assert.is(printed[0]![1], "octocat/hello-world");
  assert.is(printed[0]![2], "4998", "the 304's rate-limit number, one below the first response's");
});

test("sample 2: two clients over one memory store", async () => {
  const { sent, printed } = await run(samples[1]!);
  assert.equal(
    sent.map((r) => r.headers["if-none-match"] ?? null),
    [null, etagOf(repo)],
  );
  assert.equal(printed, [[200]]);
});

test("sample 3 (Redis), run as two workers: the second one's request is conditional", async () => {
  const first = await run(samples[2]!);
  const second = await run(samples[2]!);
  assert.is(first.sent[0]!.headers["if-none-match"], undefined);
  assert.is(second.sent[0]!.headers["if-none-match"], etagOf(repo));
  assert.is(second.sent[0]!.headers.authorization, `token ${TOKEN}`);
  assert.equal(second.printed, [["octocat/hello-world"]]);
});

test.run();
