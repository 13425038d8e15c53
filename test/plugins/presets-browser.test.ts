// The browser preset is what a page needs (endpoints, auth, paginate, log, hooks); GitHub App
// auth, retry, throttle, the cache, debug, GraphQL and OpenTelemetry are one import each, and
// those added with `Client.plugin` run where the Node preset has them (plugins/presets/place.ts).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { Client as Kernel, type Plugin } from "../../kernel/index.js";
import { Client as Browser } from "../../plugins/presets/browser.js";
import { Client as Full } from "../../plugins/presets/full.js";
import { appAuth } from "../../plugins/app-auth/index.js";
import { cache } from "../../plugins/cache/index.js";
import { debug } from "../../plugins/debug/index.js";
import { log } from "../../plugins/log/plugin.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { registerEndpoints } from "../../plugins/register-endpoints/index.js";
import { tokenAuth } from "../../plugins/auth/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys, verifyJwt } from "../helpers/auth-keys.js";

const test = suite("presets: the browser preset and its one-import plugins");
let server: TestServer;
let flaky = 0;

test.before(async () => {
  server = await startServer({
    "GET /cached": (req) =>
      req.headers["if-none-match"] === '"v1"'
        ? { status: 304, headers: { etag: '"v1"' } }
        : { headers: { etag: '"v1"' }, body: { v: 1 } },
    "GET /flaky": () => (++flaky % 2 ? { status: 503, body: { message: "try again" } } : { body: { ok: true } }),
    "GET /app": { body: { id: 1 } },
    "GET /repos/o/r/custom": { body: { custom: true } },
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

test("a flat browser bundle of the preset holds no App auth, GraphQL, retry/throttle, cache, debug or registerEndpoints code", async () => {
  const result = await build({
    stdin: { contents: `export { default } from "./plugins/presets/browser.ts";`, resolveDir: ".", loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  // What reaches the output (the metafile's inputs also list modules tree-shaken away).
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output!.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([input]) => input);
  assert.ok(inputs.includes("plugins/auth/plugin.ts") && inputs.includes("plugins/paginate/index.ts"), inputs.join());
  for (const left of [
    /^plugins\/auth\/(app\.ts|app-jwt|app-routes|jwt|pem|check-app)/,
    /^plugins\/(graphql|retry|throttle|policy\/(?!headers)|cache|debug|otel|store|register-endpoints)\//,
    /node_modules\/(debug|ms)\//,
  ])
    assert.equal(
      inputs.filter((input) => left.test(input)),
      [],
      String(left),
    );
});

test("retry, throttle, cache and debug added to it take the Node preset's places; other plugins come last", () => {
  const mine: Plugin<void> = () => undefined;
  const Composed = Browser.plugin([mine, cache, retry, throttle, debug]);
  const order = (list: readonly unknown[]) =>
    [debug, retry, throttle, log, cache, tokenAuth, mine].map((p) => list.indexOf(p as never));
  const at = order(Composed.plugins);
  assert.ok(
    at.every((index, i) => index >= 0 && (i === 0 || index > at[i - 1]!)),
    `debug, retry, throttle, log, cache, auth, then the user's plugin: ${at.join()}`,
  );
  // The Node preset's own order (its `auth` is tokenAuth with the App loader).
  const full = order(Full.plugins).slice(0, 5);
  assert.ok(
    full.every((index, i) => i === 0 || index > full[i - 1]!),
    full.join(),
  );
  // Plugins without a place keep `Client.plugin`'s behaviour: appended, the subclass kept.
  class Mine extends Browser {}
  assert.ok(Mine.plugin([mine]).prototype instanceof Mine);
});

test("the cache added to the browser preset sees the credentials: another token gets no If-None-Match of the first's", async () => {
  const client = new (Browser.plugin([cache]))({
    baseUrl: server.url,
    cache: true,
    auth: "ghp_first0000000000000000000000000000000",
  });
  await client.request("GET /cached");
  await client.request("GET /cached");
  client.authenticate({ type: "token", token: "ghp_second000000000000000000000000000000" });
  await client.request("GET /cached");
  const sent = server.requests.map((request) => request.headers["if-none-match"]);
  assert.equal(sent, [undefined, '"v1"', undefined], "keyed on the first token, not shared with the second");
});

test("retry added to the browser preset retries a 503 (and is off without it)", async () => {
  flaky = 0;
  const bare = await new Browser({ baseUrl: server.url }).request("GET /flaky").catch((e: { status: number }) => e);
  assert.is((bare as { status: number }).status, 503);
  flaky = 0;
  server.requests.length = 0;
  const { data } = await new (Browser.plugin([retry]))({ baseUrl: server.url, retry: { delay: 1 } }).request(
    "GET /flaky",
  );
  assert.equal(data, { ok: true });
  assert.is(server.requests.length, 2);
});

test("App credentials: without appAuth a ParameterError naming the import, nothing sent; with it, a JWT", async () => {
  const keys = generateAppKeys();
  const app = { appId: 4242, privateKey: keys.pkcs1 };
  const error = (await new Browser({ baseUrl: server.url, auth: app })
    .request("GET /app")
    .catch((e: Error) => e)) as Error;
  assert.is(error.name, "ParameterError");
  assert.match(error.message, "the appAuth plugin (forgekit/plugins/app-auth)");
  assert.not.match(error.message, keys.pkcs1.slice(40, 80));
  assert.is(server.requests.length, 0);
  await new (Browser.plugin([appAuth]))({ baseUrl: server.url, auth: app }).request("GET /app");
  const header = String(server.requests[0]?.headers.authorization);
  assert.match(header, /^bearer /i);
  assert.is(String(verifyJwt(header.replace(/^bearer /i, ""), keys.publicKey).claims.iss), "4242");
  // A bad App config: without appAuth the same first-request refusal (tokenAuth holds no App
  // check); with it, a ParameterError at construction, as the Node preset's `auth` gives.
  const bad = { appId: -1, privateKey: "secretvalue1" };
  const unchecked = await new Browser({ baseUrl: server.url, auth: bad }).request("GET /app").catch((e: Error) => e);
  assert.match((unchecked as Error).message, "the appAuth plugin (forgekit/plugins/app-auth)");
  let thrown: unknown;
  try {
    new (Browser.plugin([appAuth]))({ baseUrl: server.url, auth: bad });
  } catch (error) {
    thrown = error;
  }
  assert.is((thrown as Error)?.name, "ParameterError");
  assert.match((thrown as Error).message, /"appId" is -1, not a positive integer/);
  assert.not.match((thrown as Error).message, "secretvalue1");
  // With authStrategy, `auth` is the strategy's options: appAuth leaves them alone.
  new (Browser.plugin([appAuth]))({
    baseUrl: server.url,
    authStrategy: () => Object.assign(async () => ({}), { hook: (r: (o: unknown) => unknown, o: unknown) => r(o) }),
    auth: bad,
  });
  assert.is(server.requests.length, 1);
  // The kernel with tokenAuth alone refuses them the same way.
  const plain = await new (Kernel.plugin([tokenAuth]))({ baseUrl: server.url, auth: app })
    .request("GET /app")
    .catch((e: Error) => e);
  assert.is((plain as Error).name, "ParameterError");
});

test("registerEndpoints (@octokit/rest v16's, not v22's) is one import: the preset lacks it, the plugin adds it", async () => {
  assert.is("registerEndpoints" in new Browser({ baseUrl: server.url }), false);
  const client = new (Browser.plugin([registerEndpoints]))({ baseUrl: server.url }) as any;
  client.registerEndpoints({ repos: { custom: { method: "GET", url: "/repos/{owner}/{repo}/custom" } } });
  const { data } = await client.repos.custom({ owner: "o", repo: "r" });
  assert.equal(data, { custom: true });
  assert.equal(
    server.requests.map((request) => `${request.method} ${request.url}`),
    ["GET /repos/o/r/custom"],
  );
});

test.run();
