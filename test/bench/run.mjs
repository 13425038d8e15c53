#!/usr/bin/env node
// forgekit's benchmarks: `npm run bench` (= `node build.mjs && node test/bench/run.mjs`).
//
//   node test/bench/run.mjs            full run (a few minutes), writes docs/benchmarks.md
//   node test/bench/run.mjs --quick    under a minute, for development; prints the tables and
//                                      writes them to a temporary file unless --out is given
//   --only=requests,pagination,graphql,cold,heap,bundle,types,writes,observability   run some measures only
//                  (--quick leaves out writes, which waits for @octokit's pacing: ask for it)
//   --out=<file>   where the Markdown goes     --json=<file>   also write the raw results
//   --profile      CPU-profile the forgekit contender (see profile.mjs) instead of benchmarking
//
// Every measured run is a fresh Node process (worker.mjs, heap.mjs, fixtures/cold/*, tsc),
// contenders interleaved round-robin (A B C D, B C D A, …) against one GitHub-like server
// process (server.mjs). Each contender's result is compared with bare fetch's in the same
// round; the tables show medians over rounds and the median of those per-round ratios.
// Benchmarks are not tests: nothing here fails on a slow result.
import { existsSync, readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir, loadavg } from "node:os";
import { createSnapshot } from "./snapshot.mjs";
import { runNode, lastJson, startServer } from "./proc.mjs";
import { CONTENDERS } from "./contenders.mjs";
import { rotate } from "./stats.mjs";
import { measureBundles } from "./bundle.mjs";
import { typecheck, TYPECHECK_FILES } from "./typecheck.mjs";
import { renderReport, machineInfo, versionInfo } from "./report.mjs";
import { profile } from "./profile.mjs";

const root = new URL("../../", import.meta.url).pathname;
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const known = new Set(["quick", "profile", "keep", "only", "out", "json", "rounds"]);
for (const arg of argv) {
  const name = /^--([\w-]+)/.exec(arg)?.[1];
  if (!name || !known.has(name)) {
    console.error(
      `run.mjs: unknown argument "${arg}". Use --quick, --only=<measures>, --out=<file>, --json=<file>, --rounds=<n>, --profile or --keep.`,
    );
    process.exit(2);
  }
}

const quick = flag("quick");
const profileMeasure = flag("profile") ? "small" : value("profile");
/** Sizes of each mode: rounds per measure and work per measured run. */
export const MODES = {
  full: {
    rounds: 10,
    small: 1500,
    large: 150,
    inflight: 3200,
    paginateRounds: 8,
    coldRounds: 25,
    heapRounds: 5,
    typeRounds: 5,
  },
  quick: {
    rounds: 3,
    small: 300,
    large: 30,
    inflight: 640,
    paginateRounds: 2,
    coldRounds: 5,
    heapRounds: 1,
    typeRounds: 1,
  },
};
const mode = { ...MODES[quick ? "quick" : "full"] };
if (value("rounds")) mode.rounds = mode.paginateRounds = Number(value("rounds"));
const ALL = ["requests", "pagination", "graphql", "cold", "heap", "bundle", "types", "writes", "observability"];
const only = value("only")?.split(",") ?? (quick ? ALL.filter((name) => name !== "writes") : ALL);
for (const name of only)
  if (!ALL.includes(name)) throw new Error(`--only: unknown measure "${name}". Use ${ALL.join(", ")}.`);

const started = performance.now();
const log = (line) => process.stderr.write(`${line}\n`);
const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)}s`;

const snapshot = await createSnapshot({ log });
const worker = join(snapshot.bench, "worker.mjs");
const server = await startServer(join(snapshot.bench, "server.mjs"));
const results = {
  mode: quick ? "quick" : "full",
  sizes: mode,
  startedAt: new Date().toISOString(),
  loadBefore: loadavg(),
  requests: {},
  pagination: {},
  cold: {},
  heap: {},
  hooks: undefined,
  bundle: [],
  types: {},
  notes: {},
};

function note(contender, notes) {
  for (const text of notes ?? []) (results.notes[contender] ??= new Set()).add(text);
}

/** One worker run; `undefined` when the contender cannot do the measure. */
async function runWorker(contender, measure, count) {
  const { stdout } = await runNode([worker, contender, measure, server.url, String(count)], { cwd: snapshot.bench });
  const result = lastJson(stdout);
  note(contender, result.notes);
  return result;
}

try {
  if (profileMeasure) {
    await profile({
      worker,
      url: server.url,
      cwd: snapshot.bench,
      count: quick ? 2000 : 6000,
      log,
      measure: profileMeasure,
    });
  } else {
    if (only.includes("requests") || only.includes("pagination") || only.includes("graphql")) {
      const measures = [
        ...(only.includes("requests") ? ["small", "large", "inflight", "agent", "proxied"] : []),
        ...(only.includes("pagination") ? ["paginate", "iterator", "download"] : []),
        ...(only.includes("graphql") ? ["graphql"] : []),
      ];
      const counts = {
        small: mode.small,
        large: mode.large,
        inflight: mode.inflight,
        agent: mode.small,
        proxied: mode.small,
        download: 1,
        paginate: 1,
        iterator: 1,
        graphql: 1,
      };
      for (let round = 0; round < mode.rounds; round++) {
        for (const measure of measures) {
          const pagination = ["paginate", "iterator", "graphql", "download"].includes(measure);
          if (pagination && round >= mode.paginateRounds) continue;
          const table = pagination ? results.pagination : results.requests;
          const rounds = (table[measure] ??= []);
          const row = (rounds[round] = {});
          for (const contender of rotate(CONTENDERS, round))
            row[contender] = await runWorker(contender, measure, counts[measure]);
        }
        log(`[${seconds()}] requests/pagination round ${round + 1}/${mode.rounds}`);
      }
    }

    if (only.includes("requests")) {
      // A count, not a time: hook callbacks and dispatches of one default repos.get with a token.
      const { stdout } = await runNode([join(snapshot.bench, "hooks.mjs"), server.url], { cwd: snapshot.bench });
      results.hooks = lastJson(stdout);
      log(`[${seconds()}] hook callbacks counted`);
    }

    if (only.includes("cold")) {
      const scripts = [...CONTENDERS, "empty"];
      results.cold = { construct: [], first: [] };
      for (let round = 0; round < mode.coldRounds; round++) {
        for (const variant of ["construct", "first"]) {
          const row = (results.cold[variant][round] = {});
          for (const script of rotate(scripts, round)) {
            if (variant === "first" && script === "empty") continue;
            const env = { BENCH_URL: server.url, BENCH_FIRST: variant === "first" ? "1" : "" };
            const { ms, cpuMs } = await runNode([join(snapshot.bench, "fixtures/cold", `${script}.mjs`)], {
              env,
              cwd: snapshot.bench,
              cpu: true,
            });
            row[script] = { ms, cpuMs };
          }
        }
      }
      log(`[${seconds()}] cold start: ${mode.coldRounds} rounds`);
    }

    if (only.includes("heap")) {
      const contenders = CONTENDERS.filter((name) => name !== "fetch" && name !== "node-http");
      results.heap = { plain: [], touched: [] };
      for (let round = 0; round < mode.heapRounds; round++) {
        for (const contender of rotate(contenders, round)) {
          for (const [variant, touch] of [
            ["plain", "0"],
            ["touched", "1"],
          ]) {
            const { stdout } = await runNode(["--expose-gc", join(snapshot.bench, "heap.mjs"), contender, touch], {
              cwd: snapshot.bench,
            });
            (results.heap[variant][round] ??= {})[contender] = lastJson(stdout);
          }
        }
      }
      const { stdout } = await runNode(
        [join(snapshot.bench, "heap-calls.mjs"), `--rounds=${mode.heapRounds}`, "--json"],
        {
          cwd: snapshot.bench,
        },
      );
      results.heapCalls = lastJson(stdout);
      log(`[${seconds()}] heap per client, heap after 50 endpoint calls: ${mode.heapRounds} rounds`);
    }

    if (only.includes("writes")) {
      // writes.mjs starts its own server (it needs none of the measures' state).
      const args = [join(snapshot.bench, "writes.mjs"), "--json", ...(quick ? ["--quick"] : [])];
      results.writes = lastJson((await runNode(args, { cwd: snapshot.bench })).stdout);
      log(
        `[${seconds()}] write pacing: 5 issues × ${results.writes.rounds.forgekit.length} rounds, ${results.writes.long} labels`,
      );
    }

    if (only.includes("observability")) {
      const args = [
        join(snapshot.bench, "observability.mjs"),
        "--json",
        ...(quick ? ["--rounds=2", "--requests=300"] : []),
      ];
      results.observability = lastJson((await runNode(args, { cwd: snapshot.bench })).stdout);
      log(`[${seconds()}] observability: ${results.observability.rounds} rounds`);
    }

    if (only.includes("bundle")) {
      results.bundle = await measureBundles(snapshot.bench, snapshot.pkg);
      log(`[${seconds()}] browser bundles`);
    }

    if (only.includes("types")) {
      results.types = { rounds: [] };
      for (let round = 0; round < mode.typeRounds; round++) {
        const row = (results.types.rounds[round] = {});
        for (const { id } of rotate(TYPECHECK_FILES, round)) row[id] = await typecheck(snapshot.bench, id);
      }
      log(`[${seconds()}] type-check: ${mode.typeRounds} rounds`);
    }
  }
} finally {
  await server.stop();
  if (!flag("keep")) snapshot.remove();
  else log(`snapshot kept at ${snapshot.dir}`);
}

if (!profileMeasure) {
  results.loadAfter = loadavg();
  results.seconds = (performance.now() - started) / 1000;
  results.notes = Object.fromEntries(Object.entries(results.notes).map(([k, v]) => [k, [...v]]));
  const current = join(root, "docs/benchmarks.md");
  const previous = existsSync(current) ? readFileSync(current, "utf8") : undefined;
  const markdown = renderReport(results, { machine: machineInfo(), versions: versionInfo(root), previous });
  const out =
    value("out") ??
    (quick || only.length !== ALL.length
      ? join(mkdtempSync(join(tmpdir(), "forgekit-bench-out-")), "benchmarks.md")
      : join(root, "docs/benchmarks.md"));
  writeFileSync(out, markdown);
  if (value("json")) writeFileSync(value("json"), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(markdown);
  log(`\nwrote ${out} in ${results.seconds.toFixed(0)} s (${results.mode} mode)`);
}
