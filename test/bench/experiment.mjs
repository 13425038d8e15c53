#!/usr/bin/env node
// A/B experiments on forgekit's built code without touching the shared tree:
//
//   node test/bench/experiment.mjs <patch.mjs> [--measure=small|large|inflight|paginate|iterator]
//                                              [--rounds=12] [--count=1500]
//
// <patch.mjs> default-exports [{ file: "kernel/response.js", replace: [[from, to], …] }, …]
// (paths inside dist/esm/). Two private snapshots of dist/ are made (see snapshot.mjs), the
// patch is applied to the second, and the forgekit worker runs interleaved A B, B A, … in
// fresh processes against one server. Prints median wall and CPU time per request for each
// variant and the median per-round ratio B ÷ A. A replacement whose `from` text is missing
// fails the experiment (the patch is stale).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createSnapshot } from "./snapshot.mjs";
import { runNode, lastJson, startServer } from "./proc.mjs";
import { median } from "./stats.mjs";

const args = process.argv.slice(2);
const patchFile = args.find((arg) => !arg.startsWith("--"));
const option = (name, fallback) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
if (!patchFile) {
  console.error(
    "Usage: node test/bench/experiment.mjs <patch.mjs> [--measure=small] [--rounds=12] [--count=1500] [--contender=forgekit]",
  );
  process.exit(2);
}
const measure = option("measure", "small");
const rounds = Number(option("rounds", "12"));
const count = Number(option("count", { small: "1500", large: "150", inflight: "3200" }[measure] ?? "1"));
const contender = option("contender", "forgekit");
const patch = (await import(pathToFileURL(resolve(patchFile)).href)).default;

const a = await createSnapshot();
const b = await createSnapshot();
for (const { file, replace } of patch) {
  const path = join(b.pkg, "dist/esm", file);
  let text = readFileSync(path, "utf8");
  for (const [from, to] of replace) {
    if (!text.includes(from))
      throw new Error(
        `${file}: the patch text ${JSON.stringify(from.slice(0, 80))} is not in the built file: update the patch.`,
      );
    text = text.replace(from, to);
  }
  writeFileSync(path, text);
}
const server = await startServer(join(a.bench, "server.mjs"));
const series = { A: [], B: [] };
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ["B", "A"] : ["A", "B"];
    const row = {};
    for (const variant of order) {
      const snap = variant === "A" ? a : b;
      const { stdout } = await runNode(
        [join(snap.bench, "worker.mjs"), contender, measure, server.url, String(count)],
        { cwd: snap.bench },
      );
      row[variant] = lastJson(stdout);
    }
    series.A.push(row.A);
    series.B.push(row.B);
    process.stderr.write(".");
  }
} finally {
  await server.stop();
  a.remove();
  b.remove();
}
const per = (r, key) => r[key] / r.ops;
const report = (key) => {
  const ratio = median(series.A.map((ra, i) => per(series.B[i], key) / per(ra, key)));
  return `${key === "ms" ? "wall" : "CPU "}  A ${(median(series.A.map((r) => per(r, key))) * 1000).toFixed(1)} µs  B ${(median(series.B.map((r) => per(r, key))) * 1000).toFixed(1)} µs  B÷A ${ratio.toFixed(3)}`;
};
console.log(`\n${contender} ${measure} × ${count}, ${rounds} rounds, patch ${patchFile}`);
console.log(report("ms"));
console.log(report("cpuMs"));
