#!/usr/bin/env node
// Soak benchmark (not a test; not part of `npm test`): 10,000 GET requests through the
// request-policy engine (retry + throttle) and, when plugins/cache exists, the cache,
// against a loopback server (its own process) that fails 5 % of requests: 4 % 502, 1 %
// connection reset. Reports successes, retries, what reached the server, and the heap
// before and after (it must stay flat within 10 %: exit code 1 otherwise).
//   node test/bench/soak.mjs [--requests 10000] [--users 50] [--warmup 2000]
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { register } from "node:module";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const root = new URL("../../", import.meta.url);
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};

if (process.argv[2] === "--server") serve();
else await soak();

/** The misbehaving stand-in for GitHub, in a child process so its heap is not measured. */
function serve() {
  let count = 0;
  let notModified = 0;
  const server = createServer((req, res) => {
    const n = ++count;
    if (n % 100 === 13) return void req.socket.destroy(); // 1 %: reset before any byte
    if (n % 25 === 7)
      return void res.writeHead(502, { "content-type": "application/json" }).end('{"message":"Bad Gateway"}'); // 4 %
    const etag = `"${Buffer.from(req.url).toString("base64url")}"`;
    const headers = {
      etag,
      date: new Date().toUTCString(),
      "x-ratelimit-limit": "1000000",
      "x-ratelimit-remaining": String(1_000_000 - n),
      "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600),
      "x-ratelimit-resource": "core",
    };
    if (req.headers["if-none-match"] === etag) return void (notModified++, res.writeHead(304, headers).end());
    res
      .writeHead(200, { ...headers, "content-type": "application/json" })
      .end(JSON.stringify({ url: req.url, payload: "x".repeat(512) }));
  });
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  process.on("message", (message) => message === "stats" && process.send({ count, notModified }));
}

async function soak() {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  register("./test/helpers/ts-hooks.mjs", root);
  const { Client } = await import(new URL("kernel/index.ts", root).href);
  const { retry } = await import(new URL("plugins/retry/index.ts", root).href);
  const { throttle } = await import(new URL("plugins/throttle/index.ts", root).href);
  const withCache = existsSync(new URL("plugins/cache/index.ts", root));
  const cache = withCache ? (await import(new URL("plugins/cache/index.ts", root).href)).cache : undefined;

  const child = fork(new URL(import.meta.url).pathname, ["--server"], { stdio: "inherit" });
  const ask = (message) => new Promise((resolve) => (child.once("message", resolve), message && child.send(message)));
  const { port } = await ask();
  let attempts = 0;
  // Runs inside the engine (registered first): once per attempt.
  const counter = (client) => client.hook.before("request", () => void attempts++);
  const Soak = Client.plugin([counter, retry, throttle, ...(cache ? [cache] : [])]);
  // Short backoff so the run takes seconds; everything else is the plugins' defaults.
  const client = new Soak({
    baseUrl: `http://127.0.0.1:${port}`,
    retry: { delay: 5, maxDelay: 50 },
    ...(cache && { cache: true }),
  });

  const total = arg("requests", 10_000);
  const users = arg("users", 50);
  let next = 0;
  let ok = 0;
  let failed = 0;
  const failures = new Map();
  const drive = async (count) => {
    const stop = next + count;
    await Promise.all(
      Array.from({ length: users }, async () => {
        while (next < stop) {
          const i = next++;
          try {
            await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: `repo-${i % 200}` });
            ok++;
          } catch (error) {
            failed++;
            failures.set(error.name, (failures.get(error.name) ?? 0) + 1);
          }
        }
      }),
    );
  };
  // Settled: a few ticks apart (undici frees some buffers later: idle sockets, finalizers), each
  // followed by a full GC. What remains of the growth is compiled code (a heap snapshot diff
  // shows code, deopt data and relocation info for paths first optimised after the warm-up).
  const heap = async () => {
    for (let i = 0; i < 5; i++) (await new Promise((resolve) => setTimeout(resolve, 20)), gc());
    return process.memoryUsage().heapUsed;
  };

  await drive(arg("warmup", 2000)); // warm-up: JIT, sockets, the cache filled
  const warm = { ok, failed, attempts, server: await ask("stats") };
  const before = await heap();
  const started = performance.now();
  await drive(total);
  const seconds = (performance.now() - started) / 1000;
  const after = await heap();
  const server = await ask("stats");
  child.kill();

  const sent = ok + failed - warm.ok - warm.failed;
  const retries = attempts - warm.attempts - sent;
  const change = (after - before) / before;
  const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  const rows = [
    ["plugins", `retry + throttle${cache ? " + cache" : " (plugins/cache not found)"}`],
    ["requests made", `${sent} (after ${warm.ok + warm.failed} warm-up)`],
    ["successes", ok - warm.ok],
    [
      "failures (final)",
      `${failed - warm.failed}${failures.size ? ` ${JSON.stringify(Object.fromEntries(failures))}` : ""}`,
    ],
    ["retries (re-sends)", retries],
    [
      "reached the server",
      `${server.count - warm.server.count} (${server.notModified - warm.server.notModified} answered 304, served from the cache)`,
    ],
    ["heap before / after", `${mb(before)} / ${mb(after)} (${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)} %)`],
    ["time", `${seconds.toFixed(1)} s, ${Math.round(sent / seconds)} requests/s`],
  ];
  for (const [label, value] of rows) console.log(`${label.padEnd(36)} ${value}`);
  const flat = Math.abs(change) <= 0.1;
  console.log(flat ? "heap flat within 10 %: ok" : "heap grew by more than 10 %: FAIL");
  console.log(
    JSON.stringify({
      requests: sent,
      successes: ok - warm.ok,
      failures: failed - warm.failed,
      retries,
      reachedServer: server.count - warm.server.count,
      notModified: server.notModified - warm.server.notModified,
      heapBefore: before,
      heapAfter: after,
      seconds,
    }),
  );
  process.exit(flat && failed === warm.failed ? 0 : 1);
}
