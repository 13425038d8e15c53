#!/usr/bin/env node
// One measured run in a fresh process: `node worker.mjs <contender> <measure> <baseUrl> <count>`.
// Prints one JSON line: { ms, cpuMs, ops, peakRssKb?, baseRssKb?, items?, notes, skipped? }.
//   small     <count> sequential GETs of the ~400 B array (after a warm-up)
//   large     <count> sequential GETs of the ~200 KB array
//   inflight  <count> GETs of the small array, 64 in flight at all times (64 distinct URLs)
//   paginate  every item of a 10,000-item list (100 per page) into one array
//   iterator  the same list through the page iterator, counting items
//   agent     <count> sequential GETs of the ~400 B array with the library's `agent` option
//             (a keep-alive node:http Agent); bare fetch runs its plain small GETs as the baseline
//   graphql   a GraphQL connection of 10,000 nodes (100 per page) into one array
//   proxied   <count> sequential GETs of the ~400 B array through a CONNECT proxy (bare fetch,
//             without undici's ProxyAgent, runs its plain small GETs as the baseline)
//   download  one 200 MB tarball read as a stream and dropped: time and peak RSS
// Peak RSS is the kernel's VmHWM, reset after the warm-up (Linux clear_refs "5"), so it
// covers the measured section alone; without /proc it falls back to sampling rss().
import { readFileSync, writeFileSync } from "node:fs";
import { load, FIXTURE } from "./contenders.mjs";
import { CONTRIBUTORS_BIG, CONTRIBUTORS_SMALL } from "./payloads.mjs";

const [name, measure, baseUrl, countArg] = process.argv.slice(2);
const count = Number(countArg);
const IN_FLIGHT = 64;

function vmHwmKb() {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
  } catch {
    return NaN;
  }
}

/** Peak RSS of a section: kernel high-water mark when resettable, else 2 ms sampling. */
function peakTracker() {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return { stop: () => vmHwmKb() };
  } catch {
    let peak = process.memoryUsage.rss();
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
    return { stop: () => (clearInterval(timer), Math.round(Math.max(peak, process.memoryUsage.rss()) / 1024)) };
  }
}

/** CPU time (user + system) of this process since `start`, in ms: less sensitive than wall time to other load on the machine. */
function cpuMs(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

function check(condition, message) {
  if (!condition) throw new Error(`${name} ${measure}: ${message}`);
}

async function sequential(fn, n) {
  for (let i = 0; i < n; i++) {
    const { data } = await fn();
    check(Array.isArray(data) && data.length > 0, "expected a non-empty array body");
  }
}

/** `n` GETs, 64 in flight at all times, each of the 64 workers on its own repository URL. */
async function pool(fn, n) {
  let next = 0;
  const worker = async (_, index) => {
    const repo = `repo-${index}`;
    while (next < n) {
      next++;
      const { data } = await fn(repo);
      check(Array.isArray(data) && data.length === 1, "expected the one-tag array");
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

async function countEach(each, repo) {
  let items = 0;
  await each(repo, (data) => (items += data.length));
  return items;
}

const contender = await load(name, baseUrl);
const result = { notes: contender.notes };
const warm = Math.max(20, Math.round(count / 10));

if (measure === "agent" && !contender.agent) {
  result.skipped = "no agent option";
} else if (measure === "proxied" && !contender.proxied) {
  result.skipped = "a proxy needs undici's ProxyAgent";
} else if (measure === "small" || measure === "large" || measure === "agent" || measure === "proxied") {
  const fn = contender[measure];
  await sequential(fn, warm);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await sequential(fn, count);
  result.cpuMs = cpuMs(c0);
  result.ms = performance.now() - t0;
  result.ops = count;
} else if (measure === "inflight") {
  await pool(contender.small, Math.max(warm, IN_FLIGHT * 2));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await pool(contender.small, count);
  result.cpuMs = cpuMs(c0);
  result.ms = performance.now() - t0;
  result.ops = count;
} else if (measure === "paginate" || measure === "iterator" || measure === "graphql") {
  const run =
    measure === "graphql"
      ? contender.graphql
      : measure === "paginate"
        ? contender.all && (async (repo) => (await contender.all(repo)).length)
        : contender.each && ((repo) => countEach(contender.each, repo));
  if (!run) result.skipped = contender.notes.join("; ") || "not supported";
  else {
    check(
      (await run(FIXTURE.SMALL_REPO)) === CONTRIBUTORS_SMALL,
      `warm-up list should have ${CONTRIBUTORS_SMALL} items`,
    );
    globalThis.gc?.();
    result.baseRssKb = Math.round(process.memoryUsage.rss() / 1024);
    const peak = peakTracker();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const items = await run(FIXTURE.REPO);
    result.cpuMs = cpuMs(c0);
    result.ms = performance.now() - t0;
    result.peakRssKb = peak.stop();
    check(items === CONTRIBUTORS_BIG, `expected ${CONTRIBUTORS_BIG} items, got ${items}`);
    result.items = items;
    result.ops = 1;
  }
} else if (measure === "download") {
  globalThis.gc?.();
  result.baseRssKb = Math.round(process.memoryUsage.rss() / 1024);
  const peak = peakTracker();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const bytes = await contender.download();
  result.cpuMs = cpuMs(c0);
  result.ms = performance.now() - t0;
  result.peakRssKb = peak.stop();
  check(bytes === FIXTURE.DOWNLOAD_BYTES, `expected ${FIXTURE.DOWNLOAD_BYTES} bytes, got ${bytes}`);
  result.ops = 1;
} else throw new Error(`Unknown measure "${measure}".`);

process.stdout.write(`${JSON.stringify(result)}\n`);
// Keep-alive sockets must not hold the process open.
process.exit(0);
