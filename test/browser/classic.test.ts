// The classic script (dist/browser/forgekit.js) in Chromium: one global, `Client`, with the
// error classes and helpers as static members (README.md: `new Client(options)`).
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { useRig } from "./rig.js";
import { scenarios, type Lib } from "./scenarios.js";

/** The classic script's one global: the preset's constructor, every other export a static member. */
declare const Client: Lib["Client"] & Omit<Lib, "Client" | "default">;

const test = suite("browser: classic script");
const rig = useRig(test, "classic");

test("defines exactly one global, Client, carrying the error classes and helpers", async () => {
  const result = await rig.opened.page.evaluate(() => {
    const before = new Set((window as unknown as { globalsBefore: string[] }).globalsBefore);
    const added = Object.keys(window).filter((key) => !before.has(key) && key !== "lib" && key !== "globalsBefore");
    const statics = [
      "HttpError",
      "NetworkError",
      "TimeoutError",
      "AbortError",
      "ParameterError",
      "RequestError",
      "ForgeError",
      "isHttpError",
      "isNetworkError",
      "VERSION",
    ];
    return {
      added,
      type: typeof Client,
      plugin: typeof Client.plugin,
      statics: Object.fromEntries(
        statics.map((name) => [name, typeof (Client as unknown as Record<string, unknown>)[name]]),
      ),
      errorsExtendError: [Client.HttpError, Client.NetworkError, Client.ParameterError].every(
        (type) => type.prototype instanceof Client.ForgeError && type.prototype instanceof Error,
      ),
    };
  });
  assert.equal(result.added, ["Client"]);
  assert.is(result.type, "function");
  assert.is(result.plugin, "function");
  assert.equal(result.statics, {
    HttpError: "function",
    NetworkError: "function",
    TimeoutError: "function",
    AbortError: "function",
    ParameterError: "function",
    RequestError: "function",
    ForgeError: "function",
    isHttpError: "function",
    isNetworkError: "function",
    VERSION: "string",
  });
  assert.ok(result.errorsExtendError);
});

/** dist/browser/chunks.json: chunk file → the module it was split from. */
const chunks: Record<string, string | null> = JSON.parse(
  readFileSync(new URL("../../dist/browser/chunks.json", import.meta.url), "utf8"),
);

test("scope routes load beside the script: the module build's chunk, with its retry rule after a failure", async () => {
  rig.api.route("GET /gists/classic-flaky", { body: { id: "classic-flaky" } });
  const file = Object.keys(chunks).find((name) => chunks[name] === "definitions/api.github.com/scopes/gists.ts");
  assert.ok(file, "the gists routes are a chunk of the module build");
  const asked: string[] = [];
  rig.pages.route(`GET /${file}`, async (req) => {
    asked.push(req.url);
    if (asked.length === 1) return { status: 500, body: "" };
    const body = await readFile(new URL(`../../dist/browser/${file}`, import.meta.url));
    return { headers: { "content-type": "text/javascript", "cache-control": "no-store" }, body };
  });
  const since = rig.pages.requests.length;
  const opened = await rig.open();
  const result = await opened.page.evaluate(async (baseUrl) => {
    const client = new Client({ baseUrl });
    const first = await client.gists.get({ gist_id: "classic-flaky" }).then(
      () => ({ name: "sent", message: "" }),
      (error: Error) => ({ name: error.name, message: error.message }),
    );
    const second = await client.gists.get({ gist_id: "classic-flaky" });
    return { first, second: second.data };
  }, rig.api.url);
  await opened.context.close();
  assert.is(result.first.name, "ChunkLoadError", "the failed chunk rejects the first call with forgekit's error");
  assert.ok(result.first.message.includes(file), result.first.message);
  assert.equal(result.second, { id: "classic-flaky" });
  assert.is(asked.length, 2, JSON.stringify(asked));
  assert.is.not(asked[1], asked[0], "the retry asks for a URL the module map has not seen");
  const fetched = rig.pages.requests.slice(since).map((request) => request.path);
  assert.ok(fetched.includes("/forgekit.js") && fetched.includes("/chunks/import-retry.mjs"), fetched.join());
  assert.not.ok(
    fetched.some((path) => path === "/forgekit.mjs" || path.startsWith("/plugins/")),
    `the classic script holds the kernel and preset itself: ${fetched.join()}`,
  );
});

/** The module build's chunk of `source` (dist/browser/chunks.json). */
const chunkOf = (source: string) => Object.keys(chunks).find((name) => chunks[name] === source);

test("the first download is the kernel and the preset: no route data, no code it loads later", async () => {
  const script = readFileSync(new URL("../../dist/browser/forgekit.js", import.meta.url), "utf8");
  // Each scope's packed routes (its chunk's one template literal) and the loader table's chunk names.
  for (const [file, source] of Object.entries(chunks)) {
    if (!source?.startsWith("definitions/api.github.com/scopes/")) continue;
    const chunk = readFileSync(new URL(`../../dist/browser/${file}`, import.meta.url), "utf8");
    const packed = /=`([^`]+)`/.exec(chunk)?.[1];
    assert.ok(packed, `${file}: no packed routes found`);
    assert.not.ok(script.includes(packed!.slice(0, 40)), `${source}'s routes are in forgekit.js`);
    assert.not.ok(script.includes(file), `forgekit.js names ${file}: the loader table is the module build's chunk`);
  }
  assert.ok(script.includes(chunkOf("definitions/api.github.com/loaders.ts")!), "forgekit.js loads the loader chunk");
  // The code it loads with import() is one module beside it (build/classic-chunks.mjs).
  const companion = /"(chunks\/classic-\w+\.mjs)"/.exec(script)?.[1];
  assert.ok(companion, "forgekit.js names its companion module");
  const lazyCode = readFileSync(new URL(`../../dist/browser/${companion}`, import.meta.url), "utf8");
  for (const path of [
    "plugins/policy/code.ts",
    "plugins/paginate/create.ts",
    "plugins/graphql/create.ts",
    "kernel/http-error.ts",
  ]) {
    assert.ok(lazyCode.includes(JSON.stringify(path)), `${path} is in the companion`);
    assert.ok(script.includes(JSON.stringify(path)), `forgekit.js asks the companion for ${path}`);
  }
  // In Chromium: constructing a client fetches nothing beside the script.
  const since = rig.pages.requests.length;
  const opened = await rig.open();
  await opened.page.evaluate(() => void new Client({ auth: "tok" }));
  await opened.context.close();
  assert.equal(
    rig.pages.requests
      .slice(since)
      .map((request) => request.path)
      .filter((path) => path !== "/classic.html"),
    ["/forgekit.js"],
  );
});

test("code loaded beside the script runs on the script's kernel, and redacts what it prints", async () => {
  // The companion reads the modules the script holds through its bridge (build/classic-companion.mjs):
  // no second kernel, whose module state (the redactor's known credentials, warnings said once,
  // request state) the script's would not see. kernel/redact.ts's token shapes mark the kernel.
  const script = readFileSync(new URL("../../dist/browser/forgekit.js", import.meta.url), "utf8");
  const companion = /"(chunks\/classic-\w+\.mjs)"/.exec(script)![1]!;
  const lazyCode = readFileSync(new URL(`../../dist/browser/${companion}`, import.meta.url), "utf8");
  assert.ok(script.includes("github_pat_"), "the kernel is in forgekit.js");
  assert.not.ok(lazyCode.includes("github_pat_"), `${companion} holds a second copy of the kernel`);
  // The debug printer (plugins/debug/printer.ts, line.ts) is the companion's: a credential sent
  // in a path is masked in its lines.
  const secret = "classicCredential42";
  rig.api.route(`GET /repos/o/${secret}`, { body: {} });
  const opened = await rig.open(() => localStorage.setItem("debug", "forgekit:rest*"));
  await opened.page.evaluate(
    async ({ baseUrl, secret }) => {
      const client = new Client({ baseUrl, auth: secret });
      await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: secret });
    },
    { baseUrl: rig.api.url, secret },
  );
  await opened.context.close();
  const lines = opened.console.filter((line) => line.includes("forgekit:rest"));
  assert.ok(
    lines.some((line) => line.includes("GET /repos/{owner}/{repo}") && line.includes("/repos/o/")),
    opened.console.join("\n"),
  );
  assert.not.match(opened.console.join("\n"), secret);
});

scenarios(test, rig);

test.run();
