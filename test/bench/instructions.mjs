// `node test/bench/instructions.mjs [measure…] [--contenders=node-http,forgekit] [--n=2000]`:
// instructions per request, counted by valgrind's callgrind over the bench's own worker
// (worker.mjs) at two request counts: the difference over the difference in requests leaves
// start-up out. Steadier than time on a shared machine (other processes do not change it);
// needs valgrind, and takes about a minute per run.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { createSnapshot } from "./snapshot.mjs";
import { startServer } from "./proc.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const measures = args.filter((a) => !a.startsWith("--"));
const contenders = option("contenders", "node-http,forgekit").split(",");
const n = Number(option("n", "2000"));
const snapshot = await createSnapshot();
const worker = join(snapshot.bench, "worker.mjs");
const server = await startServer(join(snapshot.bench, "server.mjs"));

/** Instructions (user space) of one worker run of `count` requests. */
function instructions(contender, measure, count) {
  const command = ["--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, worker];
  const { stderr } = spawnSync("valgrind", [...command, contender, measure, server.url, String(count)], {
    cwd: snapshot.bench,
    encoding: "utf8",
  });
  return Number(/Collected : (\d+)/.exec(stderr)?.[1]);
}

try {
  for (const measure of measures.length ? measures : ["small", "inflight"]) {
    const row = [measure.padEnd(10)];
    for (const contender of contenders) {
      const small = instructions(contender, measure, n / 4);
      const big = instructions(contender, measure, n);
      row.push(`${contender} ${Math.round((big - small) / ((3 * n) / 4) / 1000)} k`);
    }
    console.log(row.join("   "));
  }
} finally {
  await server.stop();
  snapshot.remove();
}
