// Issue 14: options as @octokit users write them — typos warn, a bad baseUrl fails before any
// I/O, timeZone is sent, Client.plugin accepts v22's call style and refuses non-plugins.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import forgekit, { ParameterError } from "../../plugins/presets/full.js";
import { Client, type Plugin } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { checkOptions } from "../../plugins/check-options/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import * as paginateModule from "../../plugins/paginate/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("octokit habits: options");
let server: TestServer;
const TOKEN = "ghp_0123456789abcdefghijABCDEFGHIJ012345";

test.before(async () => {
  server = await startServer({ "GET /zen": { body: "ok" } });
});
test.after(() => server.close());

function logger() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (message: string) => void warnings.push(message) } };
}

test('"baseURL" warns once with the closest known name, "baseUrl"', () => {
  const { warnings, log } = logger();
  forgekit({ baseURL: server.url, auth: TOKEN, log } as never);
  forgekit({ baseURL: server.url, auth: TOKEN, log } as never);
  assert.equal(warnings, ['unknown option "baseURL" — did you mean "baseUrl"? It is ignored.']);
});

test("an unknown name far from every known one warns with the list of known options", () => {
  const { warnings, log } = logger();
  forgekit({ frobnicate: 1, log } as never);
  assert.is(warnings.length, 1);
  assert.match(
    warnings[0]!,
    /^unknown option "frobnicate" is ignored; known options: baseUrl, .*\bthrottle\b.*\bauthStrategy\b/,
  );
});

test("@octokit's own names (timeZone, authStrategy, throttle, retry, request, log, userAgent) do not warn", () => {
  const { warnings, log } = logger();
  forgekit({ timeZone: "Europe/Amsterdam", retry: false, throttle: false, request: {}, userAgent: "x", log });
  assert.equal(warnings, []);
});

test("a user plugin that declares nothing gets its options; only near-misses of known names warn", () => {
  const { warnings, log } = logger();
  let seen: unknown;
  const mine: Plugin<void, { myOption?: number }> = (_client, options) => void (seen = options.myOption);
  const MyClient = Client.plugin(auth, mine, checkOptions);
  new MyClient({ myOption: 42, log, authh: TOKEN } as never);
  assert.is(seen, 42);
  assert.equal(warnings, ['unknown option "authh" — did you mean "auth"? It is ignored.']);
});

test("a plugin that declares its options makes them known", () => {
  const { warnings, log } = logger();
  const mine: Plugin<void, { ownOption?: number }> = () => {};
  mine.options = ["ownOption"];
  new (Client.plugin(mine, checkOptions))({ ownOption: 1, ownOptoin: 2, log } as never);
  assert.equal(warnings, ['unknown option "ownOptoin" — did you mean "ownOption"? It is ignored.']);
  // The check is a plugin of the presets: a kernel client composed without it does not warn.
  new (Client.plugin(mine))({ ownOptoin2: 2, log } as never);
  assert.is(warnings.length, 1);
});

test("baseUrl with credentials: a ParameterError at construction, the token redacted, nothing sent", () => {
  const before = server.requests.length;
  const url = server.url.replace("http://", `http://x:${TOKEN}@`);
  const error = (() => {
    try {
      forgekit({ baseUrl: url });
    } catch (e) {
      return e as Error;
    }
  })();
  assert.instance(error, ParameterError);
  assert.match(error!.message, /baseUrl must not hold credentials/);
  assert.not.match(error!.message, TOKEN);
  assert.not.match(String(error!.stack), TOKEN);
  assert.is(server.requests.length, before);
});

test("baseUrl must be an absolute http(s) URL", () => {
  assert.throws(() => forgekit({ baseUrl: "ftp://127.0.0.1" }), /baseUrl must use https: or http:, got "ftp:"/);
  assert.throws(() => forgekit({ baseUrl: "api.github.com" }), /baseUrl must be an absolute http\(s\) URL/);
});

test("timeZone is sent as the time-zone header on every request", async () => {
  const client = forgekit({ baseUrl: server.url, timeZone: "Europe/Amsterdam" });
  await client.request("GET /zen");
  assert.is(server.requests.at(-1)!.headers["time-zone"], "Europe/Amsterdam");
  assert.throws(
    () => forgekit({ timeZone: 1 as never }),
    (e: Error) => e instanceof ParameterError,
  );
});

test("Client.plugin(a, b) applies both, like Client.plugin([a, b])", () => {
  const spread = new (Client.plugin(auth, paginate))();
  const listed = new (Client.plugin([auth, paginate]))();
  assert.type(spread.paginate, "function");
  assert.type(spread.authenticate, "function");
  assert.type(listed.paginate, "function");
});

test("a non-function plugin is a TypeError naming what was passed", () => {
  assert.throws(
    () => Client.plugin("nope" as never),
    (e: Error) => e instanceof TypeError && /got string "nope"/.test(e.message),
  );
  assert.throws(
    () => Client.plugin([paginateModule] as never),
    (e: Error) =>
      e instanceof TypeError &&
      /module namespace \(import \* as ns\)\? Pass the plugin itself, e\.g\. ns\.paginate/.test(e.message),
  );
  assert.throws(() => Client.plugin(undefined as never), /got undefined/);
});

test.run();
