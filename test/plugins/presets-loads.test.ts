import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// What the Node preset loads, and when, counted by a module-load hook in a child process
// (test/helpers/loads-child.ts): code not needed up front is imported on first use.
const test = suite("presets: plugin code loads on first use, counted in a real Node process");
const root = fileURLToPath(new URL("../..", import.meta.url));
type Steps = Record<"started" | "constructed" | "requested" | "paginated" | "cached" | "agent", string[]>;

/** Proxy variables emptied: the child must not depend on the environment the tests run in. */
const NO_PROXY_VARIABLES = Object.fromEntries(
  ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].map((name) => [name, ""]),
);

function run(env: Record<string, string>): Promise<Steps> {
  const dir = mkdtempSync(join(tmpdir(), "forgekit-loads-"));
  const child = spawn(
    process.execPath,
    [
      "--import",
      "./test/helpers/register.mjs",
      "--import",
      "./test/helpers/loads.mjs",
      "./test/helpers/loads-child.ts",
    ],
    {
      cwd: root,
      env: { ...process.env, DEBUG: "", ...NO_PROXY_VARIABLES, ...env, LOADS_FILE: join(dir, "loads.txt") },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.on("close", (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code === 0) resolve(JSON.parse(stdout) as Steps);
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    }),
  );
}

const has = (list: string[], pattern: RegExp) => list.some((file) => pattern.test(file));
const CACHE = /^plugins\/cache\/(?:apply|flow)\.ts$/;
const POLICY = /^plugins\/(?:policy\/engine|retry\/retrier|throttle\/throttler)\.ts$/;
const PAGINATE = /^plugins\/paginate\/pages\.ts$/;
const DEBUG = /^(?:plugins\/debug\/printer\.ts|node_modules\/debug\/)/;
const AGENT_TRANSPORT = /^plugins\/agent\/(?:fetch|node-http)\.ts$/;
const PROXY = /^plugins\/agent\/(?:proxy|tunnel)\.ts$/;

test("without DEBUG: construction loads no cache, retry/throttle, paginate or debug code; each loads on first use", async () => {
  const steps = await run({});
  assert.ok(has(steps.constructed, /^plugins\/presets\/full\.ts$/), "the preset was loaded");
  for (const [name, pattern] of Object.entries({ CACHE, POLICY, PAGINATE, DEBUG, AGENT_TRANSPORT })) {
    assert.not.ok(
      has(steps.constructed, pattern),
      `${name} loaded at construction: ${steps.constructed.filter((f) => pattern.test(f))}`,
    );
  }
  assert.ok(has(steps.requested, POLICY), "retry/throttle load on the first request");
  assert.not.ok(has(steps.requested, CACHE), "no cache option: the cache never loads");
  assert.not.ok(has(steps.requested, PAGINATE));
  assert.ok(has(steps.paginated, PAGINATE), "client.paginate() loads paginate");
  assert.not.ok(has(steps.paginated, CACHE));
  assert.ok(has(steps.cached, CACHE), "a client with cache: true loads the cache");
  assert.not.ok(has(steps.cached, DEBUG), "DEBUG unset: the debug package is never loaded");
  assert.ok(has(steps.requested, AGENT_TRANSPORT), "the Node transport (node:http) loads on the first request");
  assert.not.ok(has(steps.agent, PROXY), "no proxy variable: the proxy code is never loaded");
});

test("DEBUG=forgekit:rest*: the debug package loads on the first request, not at construction", async () => {
  const steps = await run({ DEBUG: "forgekit:rest*" });
  assert.not.ok(has(steps.constructed, DEBUG), steps.constructed.filter((f) => DEBUG.test(f)).join());
  assert.ok(has(steps.requested, /^node_modules\/debug\//));
  assert.ok(has(steps.requested, /^plugins\/debug\/printer\.ts$/));
});

test("DEBUG naming only other packages: no debug code, even after requests", async () => {
  const steps = await run({ DEBUG: "express:*,-express:router,-forgekit:*" });
  assert.ok(has(steps.cached, CACHE), "the child did make its requests");
  assert.not.ok(has(steps.cached, DEBUG), steps.cached.filter((f) => DEBUG.test(f)).join());
});

test("require() (dist/cjs, after `node build.mjs`) loads the plugins' code on first use", async () => {
  const child = spawn(process.execPath, ["./test/helpers/loads-cjs-child.cjs"], { cwd: root });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on("close", resolve));
  assert.is(code, 0, output);
  assert.is(output, "ok 200 [1,2]");
});

test.run();
