import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, type Plugin } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: Client, options and plugins");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /echo": (req) => ({ body: { headers: req.headers } }) });
});
test.after(() => server.close());

test("an instance has exactly options and request, and hook from its first read on", () => {
  const client = new Client();
  assert.equal(Object.keys(client).sort(), ["options", "request"]);
  assert.is(typeof client.hook.before, "function");
  assert.is(typeof client.hook.wrap, "function");
  assert.equal(Object.keys(client).sort(), ["hook", "options", "request"]);
  assert.is(client.hook, client.hook, "one collection per client, kept");
  assert.is.not(new Client().hook, client.hook);
});

test("option defaults: baseUrl, accept, user-agent, timeout, log", () => {
  const { options } = new Client();
  assert.is(options.baseUrl, "https://api.github.com");
  assert.is(options.headers.accept, "application/vnd.github.v3+json");
  assert.is(options.headers["user-agent"], "forgekit/rest.js v0.1.0");
  assert.is(options.request.timeout, undefined);
  assert.is(typeof options.log.warn, "function");
});

test("Client.VERSION is the version, on plugged constructors too (Octokit.VERSION's place)", async () => {
  const { VERSION } = await import("../../kernel/index.js");
  const pkg = JSON.parse(await import("node:fs").then((fs) => fs.readFileSync("package.json", "utf8")));
  assert.is(Client.VERSION, pkg.version);
  assert.is(Client.VERSION, VERSION);
  assert.is(Client.plugin(() => {}).VERSION, pkg.version);
});

test("userAgent is prepended to the default; header keys are lower-cased", async () => {
  const client = new Client({
    baseUrl: server.url,
    userAgent: "my-app/1.2",
    headers: { "X-Custom": "1", Accept: "application/vnd.github+json" },
  });
  const { data } = await client.request("GET /echo");
  assert.is(data.headers["user-agent"], "my-app/1.2 forgekit/rest.js v0.1.0");
  assert.is(data.headers["x-custom"], "1");
  assert.is(data.headers.accept, "application/vnd.github+json");
});

test("timeout and agent options become transport defaults; log methods can be replaced one by one", () => {
  const warn = () => {};
  const { options } = new Client({ timeout: 1000, log: { warn } });
  assert.is(options.request.timeout, 1000);
  assert.is(options.log.warn, warn);
  assert.is(typeof options.log.error, "function");
});

test("Client.plugin(fn) and Client.plugin([a, b]) return new constructors; plugins run in order with (client, options)", () => {
  const calls: string[] = [];
  const a: Plugin<{ a: () => string }> = (client) => {
    calls.push(`a:${client.options.baseUrl}`);
    return { a: () => "A" };
  };
  const b: Plugin<{ b: number }> = () => {
    calls.push("b");
    return { b: 2 };
  };
  const One = Client.plugin(a);
  const Two = One.plugin([b, a]);
  assert.is.not(One, Client);
  assert.is.not(Two, One);
  const client = new Two({ baseUrl: "https://ghe.example/api/v3" });
  assert.equal(calls, ["a:https://ghe.example/api/v3", "b"], "a deduplicated by reference, order kept");
  assert.is(client.a(), "A");
  assert.is(client.b, 2);
  assert.ok(client instanceof Client);
  assert.is((new One() as unknown as { b?: number }).b, undefined, "the base constructor is unchanged");
  assert.equal(Client.plugins, []);
});

test("plugin options reach the plugin with its declared defaults applied (objects merged one level)", () => {
  const seen: unknown[] = [];
  const paging: Plugin<void, { paging?: { size?: number; max?: number }; flag?: boolean }> = (_client, options) =>
    void seen.push([options.paging, options.flag]);
  paging.defaults = { paging: { size: 100, max: 5 }, flag: true };
  const Paged = Client.plugin(paging);
  new Paged({ paging: { max: 10 } });
  new Paged({ flag: false });
  assert.equal(seen, [
    [{ size: 100, max: 10 }, true],
    [{ size: 100, max: 5 }, false],
  ]);
});

test("a plugin can register hooks that act on every request", async () => {
  const stamp: Plugin<void> = (client) => client.hook.before("request", (o) => void (o.headers["x-stamp"] = "yes"));
  const client = new (Client.plugin(stamp))({ baseUrl: server.url });
  const { data } = await client.request("GET /echo");
  assert.is(data.headers["x-stamp"], "yes");
});

test.run();
