#!/usr/bin/env node
// Heap after a program has used the API: `node test/bench/heap-calls.mjs [--rounds=N]`.
// For each contender, a fresh `node --expose-gc` process imports the client, makes one request
// (heap "after the first request"), then calls 50 distinct endpoint methods — the same 50
// operations for every contender, GETs spread over as many scopes as possible — against a
// loopback server that answers `{}` to everything (in a process of its own), and reports
// heapUsed after gc(). Prints one line per contender and round, then medians; with --json, a
// last line for run.mjs (`npm run bench`, measure "heap").
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { runNode, lastJson, startServer } from "./proc.mjs";
import { median } from "./stats.mjs";

const self = fileURLToPath(import.meta.url);
const [mode, contender, baseUrl, list] = process.argv.slice(2);
const CALLS = 50;

/** The route's path parameters filled in: integers where the name says so, words elsewhere. */
const fill = (url) => {
  const params = {};
  for (const [, plus, name] of url.matchAll(/\{(\+?)([a-z_]+)\}/g))
    params[name] = /(?:^id|_id|_number|^number)$/.test(name) ? 1 : plus ? "main" : "x";
  return params;
};

if (mode === "server") {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "x-github-request-id": "1" });
    res.end("{}");
  });
  server.listen(0, "127.0.0.1", () =>
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`),
  );
  process.stdin.on("end", () => process.exit(0)).resume();
} else if (mode === "pick") {
  // The operations both @octokit/rest 22 and forgekit have as GET methods, 50 of them,
  // one scope after another, whose only required parameters are in the path.
  const { Octokit } = await import("@octokit/rest");
  const octokit = new Octokit();
  const scopes = Object.keys(octokit.rest).sort();
  const byScope = scopes.map((scope) =>
    Object.keys(octokit.rest[scope])
      .sort()
      .map((name) => ({ scope, name, ...octokit.rest[scope][name].endpoint.DEFAULTS }))
      .filter((op) => op.method === "GET" && !/\{\?/.test(op.url) && !/search|list.*ForQuery/i.test(op.name)),
  );
  const picked = [];
  for (let i = 0; picked.length < CALLS * 2 && byScope.some((ops) => ops[i]); i++)
    for (const ops of byScope) if (ops[i] && picked.length < CALLS * 2) picked.push(ops[i]);
  process.stdout.write(
    `${JSON.stringify(picked.map(({ scope, name, url }) => ({ scope, name, params: fill(url) })))}\n`,
  );
} else if (mode === "measure") {
  const ops = JSON.parse(list);
  const settle = () => {
    for (let i = 0; i < 4; i++) globalThis.gc();
  };
  const clients = {
    async forgekit() {
      const { default: forgekit } = await import("forgekit");
      const client = forgekit({ baseUrl, retry: false, throttle: false });
      return { first: () => client.request("GET /zen"), method: (op) => client[op.scope]?.[op.name] };
    },
    async "octokit-rest"() {
      const { Octokit } = await import("@octokit/rest");
      const octokit = new Octokit({ baseUrl });
      return { first: () => octokit.request("GET /zen"), method: (op) => octokit.rest[op.scope]?.[op.name] };
    },
  };
  const client = await clients[contender]();
  await client.first();
  settle();
  const first = process.memoryUsage().heapUsed;
  let called = 0;
  const failed = [];
  for (const op of ops) {
    if (called === CALLS) break;
    const method = client.method(op);
    if (typeof method !== "function") {
      failed.push(`${op.scope}.${op.name}: no such method`);
      continue;
    }
    try {
      await method(op.params);
      called++;
    } catch (error) {
      failed.push(`${op.scope}.${op.name}: ${error.message.split("\n")[0]}`);
    }
  }
  settle();
  const after = process.memoryUsage().heapUsed;
  process.stdout.write(`${JSON.stringify({ first, after, called, failed })}\n`);
} else {
  const rounds = Number(/--rounds=(\d+)/.exec(process.argv.join(" "))?.[1] ?? 5);
  const server = await startServer(self, ["server"]);
  const { url } = server;
  let candidates = lastJson((await runNode([self, "pick"])).stdout);
  const results = { forgekit: [], "octokit-rest": [] };
  // Keep the operations every contender calls without an error (forgekit checks parameters
  // before I/O), so that each calls the same 50.
  const refused = new Set();
  for (const name of Object.keys(results)) {
    const { stdout } = await runNode(["--expose-gc", self, "measure", name, url, JSON.stringify(candidates)]);
    for (const line of lastJson(stdout).failed) refused.add(line.split(":")[0]);
  }
  candidates = candidates.filter((op) => !refused.has(`${op.scope}.${op.name}`)).slice(0, CALLS);
  if (candidates.length < CALLS) throw new Error(`only ${candidates.length} operations both contenders call`);
  console.log(`the ${CALLS} operations: ${candidates.map((op) => `${op.scope}.${op.name}`).join(", ")}`);
  for (let round = 0; round < rounds; round++)
    for (const name of round % 2 ? Object.keys(results).reverse() : Object.keys(results)) {
      const { stdout } = await runNode(["--expose-gc", self, "measure", name, url, JSON.stringify(candidates)]);
      const row = lastJson(stdout);
      results[name].push(row);
      console.log(
        `round ${round + 1} ${name}: first request ${(row.first / 1e6).toFixed(2)} MB, after ${row.called} distinct calls ${(row.after / 1e6).toFixed(2)} MB (${row.failed.length} failed)`,
      );
    }
  await server.stop();
  if (process.argv.includes("--json")) {
    // One row per round, { forgekit: { first, after }, "octokit-rest": { … } }, for run.mjs.
    const rows = results.forgekit.map((_, round) =>
      Object.fromEntries(
        Object.entries(results).map(([name, list]) => [name, { first: list[round].first, after: list[round].after }]),
      ),
    );
    process.stdout.write(
      `${JSON.stringify({ calls: CALLS, operations: candidates.map((op) => `${op.scope}.${op.name}`), rows })}\n`,
    );
    process.exit(0);
  }
  for (const [name, rows] of Object.entries(results))
    console.log(
      `${name}: median heap after the first request ${(median(rows.map((r) => r.first)) / 1e6).toFixed(2)} MB, after ${CALLS} distinct endpoint calls ${(median(rows.map((r) => r.after)) / 1e6).toFixed(2)} MB`,
    );
}
