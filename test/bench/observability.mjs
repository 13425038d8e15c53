#!/usr/bin/env node
// What observability costs per request: `node build.mjs && node test/bench/observability.mjs
// [--rounds=n] [--requests=n] [--json]`; `npm run bench` runs it too. Side by side in one run against the GitHub-like bench server
// (server.mjs), each variant in a fresh Node process, variants interleaved round-robin:
//
//   preset       forgekit({ baseUrl }): the baseline
//   otel-off     the preset + the otel plugin with `otel: false` (no hook registered)
//   otel-noop    the preset + otel, no OpenTelemetry SDK registered (the API's no-op spans)
//   otel-sdk     the preset + otel, an SDK recording every span (in-memory exporter, W3C
//                propagation, AsyncLocalStorage context)
//   log-line     the preset with `log.info` given: one line per request
//   log-record   the preset with `logRequests: "record"`
//
// Each run sends sequential `repos.listTags` calls and reports wall and CPU µs per request (CPU
// time is steadier on a busy machine); the table shows medians over rounds and the median
// per-round difference from `preset`. Benchmarks are
// not tests: nothing here fails on a slow result. Results are quoted in docs/observability.md.
import { fileURLToPath } from "node:url";
import { runNode, lastJson, startServer } from "./proc.mjs";

const VARIANTS = ["preset", "otel-off", "otel-noop", "otel-sdk", "log-line", "log-record"];
const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const rounds = arg("rounds", 7);
const requests = arg("requests", 2000);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (process.argv[2] === "--worker") {
  const [, , , variant, baseUrl, count] = process.argv;
  const { default: forgekit, Client } = await import("forgekit");
  const { otel } = await import("forgekit/plugins/otel");
  let client;
  let exporter;
  if (variant === "preset") client = forgekit({ baseUrl });
  else if (variant === "otel-off") client = new (Client.plugin(otel))({ baseUrl, otel: false });
  else if (variant === "otel-noop") client = new (Client.plugin(otel))({ baseUrl });
  else if (variant === "otel-sdk") {
    const { context, propagation, trace } = await import("@opentelemetry/api");
    const { AsyncLocalStorageContextManager } = await import("@opentelemetry/context-async-hooks");
    const { W3CTraceContextPropagator } = await import("@opentelemetry/core");
    const sdk = await import("@opentelemetry/sdk-trace-base");
    exporter = new sdk.InMemorySpanExporter();
    const provider = new sdk.BasicTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    client = new (Client.plugin(otel))({ baseUrl });
  } else if (variant === "log-line") client = forgekit({ baseUrl, log: { info: () => {} } });
  else if (variant === "log-record") client = forgekit({ baseUrl, log: { info: () => {} }, logRequests: "record" });
  else throw new Error(`unknown variant ${variant}`);
  const call = () => client.repos.listTags({ owner: "octo-org", repo: "octo-repo" });
  for (let i = 0; i < 200; i++) await call();
  exporter?.reset();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < Number(count); i++) {
    await call();
    if (exporter && i % 500 === 499) exporter.reset();
  }
  const us = ((performance.now() - started) * 1000) / Number(count);
  const { user, system } = process.cpuUsage(cpu);
  process.stdout.write(`${JSON.stringify({ us, cpu: (user + system) / Number(count) })}\n`);
} else {
  const self = fileURLToPath(import.meta.url);
  const server = await startServer(fileURLToPath(new URL("./server.mjs", import.meta.url)));
  const results = Object.fromEntries(VARIANTS.map((v) => [v, []]));
  const cpus = Object.fromEntries(VARIANTS.map((v) => [v, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      const order = VARIANTS.map((_, i) => VARIANTS[(i + round) % VARIANTS.length]);
      for (const variant of order) {
        const { stdout } = await runNode([self, "--worker", variant, server.url, String(requests)]);
        const { us, cpu } = lastJson(stdout);
        results[variant].push(us);
        cpus[variant].push(cpu);
      }
      process.stderr.write(`round ${round + 1}/${rounds}\n`);
    }
  } finally {
    await server.stop();
  }
  if (process.argv.includes("--json")) {
    // For run.mjs (`npm run bench`, measure "observability").
    process.stdout.write(`${JSON.stringify({ rounds, requests, variants: VARIANTS, wall: results, cpu: cpus })}\n`);
    process.exit(0);
  }
  const lines = [
    `${rounds} rounds × ${requests} sequential repos.listTags per variant, Node ${process.version}`,
    "",
    "| variant | wall µs per request | vs preset | CPU µs per request (client process) | vs preset |",
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  const cell = (table, variant) => {
    const delta = median(table[variant].map((value, i) => value - table.preset[i]));
    return [
      median(table[variant]).toFixed(1),
      variant === "preset" ? "–" : `${delta >= 0 ? "+" : ""}${delta.toFixed(1)}`,
    ];
  };
  for (const variant of VARIANTS)
    lines.push(`| ${variant} | ${[...cell(results, variant), ...cell(cpus, variant)].join(" | ")} |`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
