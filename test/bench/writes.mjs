#!/usr/bin/env node
// Write pacing, side by side: `node test/bench/writes.mjs [--quick] [--json]`.
// Writes awaited one after the other against the bench's loopback server (server.mjs, its own
// process), in a fresh process per contender:
//   forgekit                the full preset: its throttle is on by default and paces writes by
//                           GitHub's documented budgets (80 a minute, 500 an hour)
//   octokit-throttling      @octokit/core 7 + @octokit/plugin-throttling 11 with its defaults:
//                           one write at a time, a second apart, three seconds on routes that
//                           notify people (creating issues, comments, pull requests, releases)
//   octokit-rest            @octokit/rest 22, which has no throttling: the wire's own speed
// Rows: 5 issues created in a row (3 rounds), and 200 labels created in a row (one round, the
// contenders side by side in parallel processes: a paced run takes minutes). For each: wall
// time, and the most writes the server received in any 60-second window (GitHub's budget: 80).
// --quick: 2 rounds, and 20 labels instead of 200.
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { runNode, lastJson, startServer } from "./proc.mjs";
import { median } from "./stats.mjs";

const self = fileURLToPath(import.meta.url);
const [mode, contender, baseUrl, countArg, kind] = process.argv.slice(2);
const WRITE_CONTENDERS = ["forgekit", "octokit-throttling", "octokit-rest"];

/** The most timestamps (ms) within any window of `span` ms. */
const densest = (times, span) => {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= span) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
};

if (mode === "run") {
  // The server records when each write of this owner arrives.
  const owner = `${contender}-${kind}`;
  const clients = {
    async forgekit() {
      const { default: forgekit } = await import("forgekit");
      const client = forgekit({ baseUrl, auth: "ghp_0123456789abcdefghijABCDEFGHIJ012345" });
      return {
        issue: (title) => client.issues.create({ owner, repo: "r", title }),
        label: (name) => client.issues.createLabel({ owner, repo: "r", name }),
      };
    },
    async "octokit-throttling"() {
      const { Octokit } = await import("@octokit/core");
      const { throttling } = await import("@octokit/plugin-throttling");
      const octokit = new (Octokit.plugin(throttling))({
        baseUrl,
        auth: "ghp_0123456789abcdefghijABCDEFGHIJ012345",
        throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false },
      });
      return {
        issue: (title) => octokit.request("POST /repos/{owner}/{repo}/issues", { owner, repo: "r", title }),
        label: (name) => octokit.request("POST /repos/{owner}/{repo}/labels", { owner, repo: "r", name }),
      };
    },
    async "octokit-rest"() {
      const { Octokit } = await import("@octokit/rest");
      const octokit = new Octokit({ baseUrl, auth: "ghp_0123456789abcdefghijABCDEFGHIJ012345" });
      return {
        issue: (title) => octokit.rest.issues.create({ owner, repo: "r", title }),
        label: (name) => octokit.rest.issues.createLabel({ owner, repo: "r", name }),
      };
    },
  };
  const write = (await clients[contender]())[kind];
  const count = Number(countArg);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const { status } = await write(`write ${i}`);
    if (status !== 201) throw new Error(`write ${i}: status ${status}`);
  }
  const ms = performance.now() - start;
  const arrived = await (await fetch(`${baseUrl}/bench/arrivals/${owner}`)).json();
  if (arrived.length !== count) throw new Error(`${arrived.length} writes arrived, ${count} sent`);
  process.stdout.write(`${JSON.stringify({ count, ms, perMinute: densest(arrived, 60_000) })}\n`);
  process.exit(0);
} else {
  const quick = process.argv.includes("--quick");
  const long = quick ? 20 : 200;
  const server = await startServer(join(fileURLToPath(new URL(".", import.meta.url)), "server.mjs"));
  const one = async (name, count, kind) =>
    lastJson((await runNode([self, "run", name, server.url, String(count), kind], { cwd: process.cwd() })).stdout);
  const short = Object.fromEntries(WRITE_CONTENDERS.map((name) => [name, []]));
  for (let round = 0; round < (quick ? 2 : 3); round++)
    for (const name of WRITE_CONTENDERS) short[name].push(await one(name, 5, "issue"));
  const sustained = Object.fromEntries(
    await Promise.all(WRITE_CONTENDERS.map(async (name) => [name, await one(name, long, "label")])),
  );
  await server.stop();
  const result = { short: 5, long, rounds: short, sustained };
  if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(result)}\n`);
  else
    for (const name of WRITE_CONTENDERS) {
      console.log(
        `${name}: 5 issues in a row ${median(short[name].map((r) => r.ms)).toFixed(0)} ms (median); ${long} labels in a row ${(sustained[name].ms / 1000).toFixed(1)} s, at most ${sustained[name].perMinute} in any minute`,
      );
    }
}
