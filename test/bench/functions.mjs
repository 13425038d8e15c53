#!/usr/bin/env node
// `node test/bench/functions.mjs`: how many distinct functions of forgekit (and of
// before-after-hook) one warm `client.repos.get(…)` with a token runs on the full Node preset,
// counted by V8's precise coverage (call counts, not samples): the client makes one call to
// warm up (lazy chunks, the scope, the method), the counters are reset, then one more call is
// counted. The request goes to a loopback server (test/bench/server.mjs); nothing else runs.
// Prints the count, per file, and the functions (`--list`, with the offset where each starts
// in its file, to tell anonymous ones apart). `--fetch` sends with Node's fetch
// (`request.fetch`) instead of the default node:http transport, whose own functions then do
// not run: the request path alone. docs/how-it-works.md quotes both.
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";
import { startServer } from "./proc.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const { default: forgekit } = await import(new URL("dist/node/plugins/presets/full.js", `file://${root}`).href);
const server = await startServer(fileURLToPath(new URL("./server.mjs", import.meta.url)));
try {
  const viaFetch = process.argv.includes("--fetch");
  const client = forgekit({
    baseUrl: server.url,
    auth: "ghp_0123456789abcdefghijklmnopqrstuvwxyz01",
    ...(viaFetch && { request: { fetch: globalThis.fetch } }),
  });
  const call = () => client.repos.get({ owner: "octo-org", repo: "octo-repo" });
  await call();
  await call();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  await session.post("Profiler.takePreciseCoverage"); // resets the counters
  await call();
  const { result } = await session.post("Profiler.takePreciseCoverage");
  await session.post("Profiler.stopPreciseCoverage");
  session.disconnect();
  const ran = [];
  for (const script of result) {
    const where =
      /\/dist\/node\/(.+)$/.exec(script.url)?.[1] ?? /node_modules\/(before-after-hook\/.+)$/.exec(script.url)?.[1];
    if (!where) continue;
    for (const fn of script.functions) {
      // The first range is the function itself; a script's top level has an empty name and offset 0.
      if (fn.ranges[0].count > 0 && !(fn.functionName === "" && fn.ranges[0].startOffset === 0))
        ran.push(`${where} ${fn.functionName || "(anonymous)"} @${fn.ranges[0].startOffset}`);
    }
  }
  const byFile = new Map();
  for (const name of ran) {
    const file = name.split(" ")[0];
    byFile.set(file, (byFile.get(file) ?? 0) + 1);
  }
  const transport = viaFetch ? "Node's fetch" : "the default node:http transport";
  console.log(
    `${ran.length} distinct functions ran for one warm repos.get with a token (full Node preset, ${transport})`,
  );
  for (const [file, count] of [...byFile].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(3)}  ${file}`);
  if (process.argv.includes("--list")) for (const name of ran) console.log(`     ${name}`);
} finally {
  await server.stop();
}
