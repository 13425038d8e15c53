// The classic script (dist/browser/forgekit.js) in Chromium: one global, `Client`, with the
// error classes and helpers as static members (README.md: `new Client(options)`).
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

scenarios(test, rig);

test.run();
