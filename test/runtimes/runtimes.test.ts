// Bun and Deno (installed from npm as the `bun` and `deno` packages) run forgekit's ESM builds
// against a loopback server: the package entry by name (dist/esm through "exports") and the
// bundled browser ESM (dist/browser/forgekit.mjs, scope chunks loaded from disk).
// Run `node build.mjs` first.
import { spawn } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startServer, type TestServer } from "../helpers/server.js";

const root = new URL("../../", import.meta.url).pathname;
const RUNTIMES = {
  bun: (script: string, args: string[]) => [`${root}node_modules/.bin/bun`, [script, ...args]],
  // --no-prompt: a missing permission fails instead of waiting for a terminal answer.
  deno: (script: string, args: string[], port: number) => [
    `${root}node_modules/.bin/deno`,
    ["run", "--no-prompt", `--allow-net=127.0.0.1:${port}`, "--allow-read", "--allow-env", script, ...args],
  ],
} as const;
const ENTRIES = {
  "package entry": "forgekit",
  "browser bundle": new URL("dist/browser/forgekit.mjs", `file://${root}`).href,
};

let server: TestServer;
test.before(async () => {
  server = await startServer({
    "GET /repos/o/request": { headers: { etag: '"r1"' }, body: { name: "request" } },
    "GET /repos/o/endpoint": { body: { name: "endpoint" } },
    "GET /repos/o/missing": {
      status: 404,
      headers: { "x-ratelimit-remaining": "12" },
      body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
    },
  });
});
test.after(() => server.close());

function run(
  runtime: keyof typeof RUNTIMES,
  specifier: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const port = Number(new URL(server.url).port);
  const [command, args] = RUNTIMES[runtime](`${root}test/runtimes/smoke.mjs`, [specifier, server.url], port) as [
    string,
    string[],
  ];
  return new Promise((done, fail) => {
    // No update checks or telemetry: the machine has no internet.
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", DO_NOT_TRACK: "1", NO_COLOR: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

for (const runtime of Object.keys(RUNTIMES) as (keyof typeof RUNTIMES)[]) {
  for (const [label, specifier] of Object.entries(ENTRIES)) {
    test(`${runtime}, ${label}: a request, an endpoint method and an HttpError`, async () => {
      const before = server.requests.length;
      const { code, stdout, stderr } = await run(runtime, specifier);
      assert.is(code, 0, `${runtime} exited ${code}: ${stderr}`);
      const result = JSON.parse(stdout.trim().split("\n").pop()!);
      assert.match(result.runtime, runtime);
      assert.equal(result.request, { status: 200, data: { name: "request" }, etag: '"r1"' });
      assert.equal(result.endpoint, { status: 200, data: { name: "endpoint" } });
      assert.equal(result.error, {
        instance: true,
        guard: true,
        name: "HttpError",
        status: 404,
        remaining: "12",
        message: `GET ${server.url}/repos/o/missing → 404 Not Found: Not Found (https://docs.github.com/rest)`,
      });
      const sent = server.requests.slice(before);
      assert.equal(
        sent.map((r) => `${r.method} ${r.path}`),
        ["GET /repos/o/request", "GET /repos/o/endpoint", "GET /repos/o/missing"],
      );
      assert.ok(sent.every((r) => r.headers.accept === "application/vnd.github.v3+json"));
      assert.match(String(sent[0]!.headers["user-agent"]), /^forgekit\/rest\.js v\d/);
    });
  }
}

test.run();
