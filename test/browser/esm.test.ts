// The bundled ESM (dist/browser/forgekit.mjs) in Chromium, loaded by <script type="module">
// with no import map; scope route tables are separate chunks fetched on first use.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { openPage } from "../helpers/browser.js";
import { useRig } from "./rig.js";
import { scenarios } from "./scenarios.js";

const test = suite("browser: bundled ESM");
const rig = useRig(test, "esm");
/** dist/browser/chunks.json: chunk file → the module it was split from. */
const chunks: Record<string, string | null> = JSON.parse(
  readFileSync(new URL("../../dist/browser/chunks.json", import.meta.url), "utf8"),
);
/**
 * Lazy chunks (scope routes, parameter metadata, aliases…) the pages server sent since request
 * number `since` (not forgekit.mjs, nor the plugin modules a page imports: plugins/<name>.mjs).
 */
const lazyFetched = (since: number) =>
  rig.pages.requests
    .slice(since)
    .map((request) => request.path.slice(1))
    .filter((file) => typeof chunks[file] === "string" && file.startsWith("chunks/"))
    .map((file) => chunks[file]);

test("loading the module fetches no route table", async () => {
  const since = rig.pages.requests.length;
  const opened = await rig.open();
  const exports = await opened.page.evaluate(() => Object.keys(lib).sort());
  await opened.context.close();
  assert.ok(exports.includes("Client") && exports.includes("HttpError") && exports.includes("default"), exports.join());
  assert.ok(rig.pages.requests.slice(since).some((request) => request.path === "/forgekit.mjs"));
  assert.equal(lazyFetched(since), []);
});

test("a page calling only repos fetches only the repos chunks, once", async () => {
  rig.api.route("GET /repos/o/lazy", { body: { full_name: "o/lazy" } });
  const since = rig.pages.requests.length;
  const opened = await rig.open();
  const result = await opened.page.evaluate(async (baseUrl) => {
    const client = new lib.Client({ baseUrl });
    const first = await client.repos.get({ owner: "o", repo: "lazy" });
    await client.repos.get({ owner: "o", repo: "lazy" });
    return first.data;
  }, rig.api.url);
  await opened.context.close();
  assert.equal(result, { full_name: "o/lazy" });
  const fetched = lazyFetched(since).sort();
  // Route data: the loader table, then repos' packed routes (no parameter metadata: the
  // browser preset validates path parameters from the route only).
  assert.equal(
    fetched.filter((source) => source.startsWith("definitions/")),
    ["definitions/api.github.com/loaders.ts", "definitions/api.github.com/scopes/repos.ts"],
  );
  // Plugin code: only the retry/throttle engine (the page adds retry and throttle), one chunk,
  // which loads before the first request is sent.
  assert.equal(
    fetched.filter((source) => !source.startsWith("definitions/")),
    ["plugins/policy/code.ts"],
  );
});

test("the preset alone: loading it fetches no plugin module; one repos call fetches only route data", async () => {
  rig.api.route("GET /repos/o/bare", { body: { full_name: "o/bare" } });
  const since = rig.pages.requests.length;
  const opened = await openPage(rig.browser, `${rig.pages.url}/esm-bare.html`);
  const result = await opened.page.evaluate(async (baseUrl) => {
    const client = new lib.Client({ baseUrl });
    return { data: (await client.repos.get({ owner: "o", repo: "bare" })).data, graphql: "graphql" in client };
  }, rig.api.url);
  await opened.context.close();
  assert.equal(result, { data: { full_name: "o/bare" }, graphql: false });
  const paths = rig.pages.requests.slice(since).map((request) => request.path);
  assert.not.ok(
    paths.some((path) => path.startsWith("/plugins/")),
    paths.join(),
  );
  assert.equal(lazyFetched(since).sort(), [
    "definitions/api.github.com/loaders.ts",
    "definitions/api.github.com/scopes/repos.ts",
  ]);
});

test("a scope chunk that fails to load once (500) fails that call only; the next call loads it and sends", async () => {
  rig.api.route("GET /gists/flaky", { body: { id: "flaky" } });
  const file = Object.keys(chunks).find((name) => chunks[name] === "definitions/api.github.com/scopes/gists.ts");
  assert.ok(file, "the gists routes are a chunk of their own");
  // Every request for the chunk, and which ones were served: a browser that keeps a failed
  // import in its module map (the HTML standard; Chromium 150) never asks for the same URL again.
  const asked: { url: string; served: boolean }[] = [];
  rig.pages.route(`GET /${file}`, async (req) => {
    const served = asked.length > 0;
    asked.push({ url: req.url, served });
    if (!served) return { status: 500, body: "" };
    const body = await readFile(new URL(`../../dist/browser/${file}`, import.meta.url));
    return { headers: { "content-type": "text/javascript", "cache-control": "no-store" }, body };
  });
  const opened = await rig.open();
  const result = await opened.page.evaluate(async (baseUrl) => {
    const client = new lib.Client({ baseUrl });
    const first = await client.gists.get({ gist_id: "flaky" }).then(
      () => ({ name: "sent", message: "" }),
      (error: Error) => ({ name: error.name, message: error.message }),
    );
    const second = await client.gists.get({ gist_id: "flaky" });
    // A second client in the page: the chunk is not loaded again.
    const third = await new lib.Client({ baseUrl }).gists.get({ gist_id: "flaky" });
    return { first, second: second.data, third: third.data };
  }, rig.api.url);
  await opened.context.close();
  assert.is(result.first.name, "ChunkLoadError", "the failed chunk rejects the first call with forgekit's error");
  assert.ok(result.first.message.includes(file), `the error names the chunk: ${result.first.message}`);
  assert.equal(result.second, { id: "flaky" });
  assert.equal(result.third, { id: "flaky" });
  assert.is(asked.length, 2, `the chunk was asked for twice: ${JSON.stringify(asked)}`);
  assert.is(asked.filter((a) => a.served).length, 1, "exactly one successful fetch of the chunk");
  assert.is.not(asked[1]!.url, asked[0]!.url, "the retry asks for a URL the module map has not seen");
  assert.is(
    opened.errors.length,
    0,
    `the retried chunk's own imports resolved (no uncaught error): ${opened.errors.join("; ")}`,
  );
});

test("localStorage.debug set after the page loaded: the next request prints forgekit:rest:request lines", async () => {
  rig.api.route("GET /repos/o/debug-late", { body: { ok: true } });
  const opened = await rig.open();
  const before = await opened.page.evaluate(async (baseUrl) => {
    const client = new lib.Client({ baseUrl });
    (globalThis as unknown as { client: unknown }).client = client;
    await client.request("GET /repos/o/debug-late");
  }, rig.api.url);
  const quiet = opened.console.filter((line) => line.includes("forgekit:rest")).length;
  await opened.page.evaluate(async () => {
    localStorage.debug = "forgekit:rest*";
    const client = (globalThis as unknown as { client: InstanceType<typeof lib.Client> }).client;
    await client.request("GET /repos/o/debug-late");
  });
  const lines = opened.console.filter((line) => line.includes("forgekit:rest:request"));
  await opened.context.close();
  assert.is(before, undefined);
  assert.is(quiet, 0, "nothing printed before localStorage.debug was set");
  assert.is(lines.length, 2, opened.console.join("\n"));
  assert.match(lines[0]!, /GET \/repos\/o\/debug-late/);
  assert.match(lines[1]!, /→ 200 in \d+ ms/);
});

scenarios(test, rig);

test.run();
