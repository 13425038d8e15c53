// `node test/bench/run.mjs --profile[=small|large|inflight|paginate|iterator]`: runs the
// forgekit and raw node:http workers under `node --cpu-prof` and prints where forgekit's time
// goes per request: self time by module (forgekit kernel/plugin files, before-after-hook,
// undici, Node internals, GC), the difference to raw node:http, the hottest functions, and the
// inclusive time of forgekit's own functions. Sampling interval 100 µs.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runNode } from "./proc.mjs";

/** Where a frame's code lives, as a readable bucket. */
export function bucket(url, functionName) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native/builtin)";
  // dist/node/ is what `import "forgekit"` runs in Node (chunks/ holds the shared code).
  const forgekit = /\/dist\/(?:esm|node)\/(.+?)\.js$/.exec(url);
  if (forgekit) return `forgekit ${forgekit[1]}`;
  if (url.includes("before-after-hook")) return "before-after-hook";
  if (url.includes("node:internal/deps/undici")) return "undici (fetch)";
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/bench/")) return "bench harness";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return pkg ? pkg[1] : url;
}

/** Self and inclusive time (µs) per bucket and per function of one .cpuprofile. */
export function analyze(profileJson) {
  const { nodes, samples, timeDeltas } = profileJson;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (timeDeltas[i + 1] ?? 0));
  const key = (frame) =>
    `${frame.functionName || "(anonymous)"} ${bucket(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;
  const selfByBucket = new Map();
  const selfByFunction = new Map();
  const inclusive = new Map();
  let total = 0;
  const stack = [];
  const visit = (id) => {
    const node = byId.get(id);
    const k = key(node.callFrame);
    const t = self.get(id) ?? 0;
    total += t;
    const b = bucket(node.callFrame.url, node.callFrame.functionName);
    selfByBucket.set(b, (selfByBucket.get(b) ?? 0) + t);
    selfByFunction.set(k, (selfByFunction.get(k) ?? 0) + t);
    stack.push(k);
    for (const onStack of new Set(stack)) inclusive.set(onStack, (inclusive.get(onStack) ?? 0) + t);
    for (const child of node.children ?? []) visit(child);
    stack.pop();
  };
  visit(nodes[0].id);
  return { total, selfByBucket, selfByFunction, inclusive };
}

const fmt = (us, requests) => `${(us / requests).toFixed(1).padStart(7)} µs`;

export async function profile({ worker, url, cwd, count, log, measure = "small", baseline = "node-http" }) {
  const dir = mkdtempSync(join(tmpdir(), "forgekit-profile-"));
  const requestsPerRun = {
    small: count + Math.max(20, Math.round(count / 10)),
    large: count / 10 + Math.max(20, Math.round(count / 100)),
    inflight: count + Math.max(Math.round(count / 10), 128),
    paginate: 105,
    iterator: 105,
  }[measure];
  const workCount = { small: count, large: count / 10, inflight: count, paginate: 1, iterator: 1 }[measure];
  const results = {};
  try {
    for (const contender of [baseline, "forgekit"]) {
      const out = join(dir, contender);
      await runNode(
        [
          "--cpu-prof",
          `--cpu-prof-dir=${out}`,
          "--cpu-prof-interval=100",
          worker,
          contender,
          measure,
          url,
          String(workCount),
        ],
        { cwd },
      );
      const file = readdirSync(out).find((name) => name.endsWith(".cpuprofile"));
      results[contender] = analyze(JSON.parse(readFileSync(join(out, file), "utf8")));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const n = requestsPerRun;
  const lines = [
    `CPU profile of the "${measure}" worker (${n} requests incl. warm-up; whole process incl. start-up), per request:`,
    "",
  ];
  const buckets = new Set([...results.forgekit.selfByBucket.keys(), ...results[baseline].selfByBucket.keys()]);
  const rows = [...buckets]
    .map((b) => [b, results.forgekit.selfByBucket.get(b) ?? 0, results[baseline].selfByBucket.get(b) ?? 0])
    .sort((a, b) => b[1] - a[1]);
  lines.push(
    `${"self time by module".padEnd(44)} ${"forgekit".padStart(10)} ${(baseline === "fetch" ? "bare fetch" : "raw http").padStart(10)} ${"Δ".padStart(10)}`,
  );
  for (const [b, f, base] of rows)
    if (f + base > 0.002 * results.forgekit.total)
      lines.push(`${b.padEnd(44)} ${fmt(f, n)} ${fmt(base, n)} ${fmt(f - base, n)}`);
  const busy = (r) => r.total - (r.selfByBucket.get("(idle)") ?? 0);
  lines.push(
    `${"total (without idle)".padEnd(44)} ${fmt(busy(results.forgekit), n)} ${fmt(busy(results[baseline]), n)} ${fmt(busy(results.forgekit) - busy(results[baseline]), n)}`,
    "",
  );
  lines.push("hottest functions in the forgekit run (self time):");
  for (const [k, t] of [...results.forgekit.selfByFunction]
    .filter(([k]) => !k.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20))
    lines.push(`  ${fmt(t, n)}  ${k}`);
  // Node's own functions are the same code in both runs: where forgekit makes Node work more.
  lines.push("", `functions busier in the forgekit run than in the ${baseline} run (self time, Δ):`);
  const base = results[baseline].selfByFunction;
  for (const [k, t] of [...results.forgekit.selfByFunction]
    .filter(([k]) => !k.startsWith("(idle)") && !/ forgekit /.test(` ${k}`))
    .map(([k, t]) => [k, t - (base.get(k) ?? 0)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15))
    lines.push(`  ${fmt(t, n)}  ${k}`);
  lines.push("", "forgekit's own functions, inclusive time (includes what they call, e.g. fetch):");
  for (const [k, t] of [...results.forgekit.inclusive]
    .filter(([k]) => / forgekit /.test(` ${k}`))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25))
    lines.push(`  ${fmt(t, n)}  ${k}`);
  log(lines.join("\n"));
  return results;
}
