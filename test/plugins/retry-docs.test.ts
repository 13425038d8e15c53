import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startServer, type TestServer } from "../helpers/server.js";
import { ok, primaryLimit, settle, until } from "../helpers/policy-clock.js";
import { guideMessages } from "../helpers/policy-messages.js";

// docs/errors-retries-rate-limits.md: every ```ts sample (not ```ts no-run) runs against a
// loopback stand-in for GitHub, and every message the guide quotes is the one forgekit produces.
const test = suite("docs: errors-retries-rate-limits.md samples run and its messages are verbatim");
const root = new URL("../../", import.meta.url);
const guide = readFileSync(new URL("docs/errors-retries-rate-limits.md", root), "utf8");
const samples = [...guide.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "");
const quoted = [...guide.matchAll(/^```text\n([\s\S]*?)^```$/gm)].flatMap((m) =>
  (m[1] ?? "").split("\n").filter(Boolean),
);
let server: TestServer;
let dir: string;
let runs = 0;

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), "forgekit-retry-docs-"));
  server = await startServer();
  process.env.GITHUB_API_URL = server.url;
});
test.after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));

/** Run a sample as a module of its own; `during` runs while it is loading. Returns what it printed. */
async function run(sample: string, during?: (done: () => boolean) => Promise<void>) {
  const source = sample
    .replace(/from "forgekit\/core"/g, `from ${JSON.stringify(new URL("kernel/index.ts", root).href)}`)
    .replace(
      /from "forgekit\/plugins\/(\w+)"/g,
      (_, name: string) => `from ${JSON.stringify(new URL(`plugins/${name}/index.ts`, root).href)}`,
    );
  assert.not.match(source, /from "forgekit/);
  const file = join(dir, `sample-${++runs}.ts`);
  writeFileSync(file, source);
  const log = sinon.stub(console, "log");
  try {
    const loading = settle(import(pathToFileURL(file).href));
    await during?.(loading.done);
    const { error } = await loading.result;
    if (error) throw error;
    return log.getCalls().map((call) => call.args);
  } finally {
    log.restore();
  }
}

test("the guide has four runnable samples", () => {
  assert.is(samples.length, 4);
});

test("quick start: a 502 is retried after a backoff, then the rate-limit state is read", async () => {
  let n = 0;
  server.route("GET /repos/octocat/hello-world", () =>
    n++ === 0 ? { status: 502, body: {} } : ok({ full_name: "octocat/hello-world" }),
  );
  const clock = sinon.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldClearNativeTimers: true });
  try {
    const printed = await run(samples[0]!, async (done) => {
      await until(() => server.requests.length === 1, "the first attempt");
      while (!done()) (await clock.tickAsync(100), await new Promise((resolve) => setImmediate(resolve)));
    });
    assert.equal(printed, [[200, 4999, "core"]]);
    assert.is(server.requests.length, 2);
  } finally {
    clock.uninstall();
  }
});

test("errors sample: a 404 is an HttpError", async () => {
  server.route("GET /repos/octocat/no-such-repo", { status: 404, body: { message: "Not Found" } });
  assert.equal(await run(samples[1]!), [["GitHub answered 404"]]);
});

test("callbacks sample: onRateLimit declines a two-minute wait; the RateLimitError says when to retry", async () => {
  server.route("GET /search/issues", primaryLimit(120, { resource: "search" }));
  const printed = await run(samples[2]!);
  // @octokit's arguments (retryAfter, options with the route template), then forgekit's info.
  assert.equal(printed[0], ["GET /search/issues: search budget used up; 120 s to go"]);
  assert.equal(printed[1]!.slice(0, 2), ["declined", true]);
  assert.match(String(printed[1]![2]), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.is(server.requests.length, 1);
});

test("cancellation sample: the signal ends the wait for a retry with an AbortError", async () => {
  server.route("GET /repos/octocat/hello-world", { status: 503, body: {} });
  const printed = await run(samples[3]!);
  assert.equal(printed, [
    [`GET ${server.url}/repos/octocat/hello-world → aborted by the caller's signal while waiting to retry (retry 1)`],
  ]);
  assert.is(server.requests.length, 1);
});

test("the guide quotes exactly the messages forgekit produces, verbatim", async () => {
  const produced = await guideMessages();
  assert.equal(
    produced.filter((line) => !quoted.includes(line)),
    [],
    "produced but not quoted",
  );
  assert.equal(
    quoted.filter((line) => !produced.includes(line)),
    [],
    "quoted but not produced",
  );
});

test.run();
