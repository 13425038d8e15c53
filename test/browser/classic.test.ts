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

scenarios(test, rig);

test.run();
