import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, isParameterError } from "../../kernel/index.js";
import { log } from "../../plugins/log/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: log");
const Logged = Client.plugin([log]);
const DEPRECATION = { deprecation: "@1688169599", sunset: "Sat, 01 Jul 2028 00:00:00 GMT" };
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /repos/a/b/old": { headers: DEPRECATION, body: {} },
    "GET /repos/c/d/old": { headers: DEPRECATION, body: {} },
    "POST /repos/a/b/old": { headers: DEPRECATION, body: {} },
    "GET /going": { headers: { sunset: "Sat, 01 Jul 2028 00:00:00 GMT" }, body: {} },
    "GET /gone": { status: 410, headers: { deprecation: "true" }, body: { message: "Gone" } },
    "GET /fine": { body: {} },
  });
});
test.after(() => server.close());

test("client.log is client.options.log: no-op debug/info, console warn/error by default", () => {
  const warn = sinon.stub(console, "warn");
  const error = sinon.stub(console, "error");
  try {
    const client = new Logged();
    assert.is(client.log, client.options.log);
    client.log.debug("quiet");
    client.log.info("quiet");
    client.log.warn("w");
    client.log.error("e");
    assert.equal(warn.firstCall.args, ["w"]);
    assert.equal(error.firstCall.args, ["e"]);
    assert.is(warn.callCount + error.callCount, 2, "debug and info print nothing");
  } finally {
    warn.restore();
    error.restore();
  }
});

test("a custom log replaces methods one by one; the others keep their defaults", () => {
  const info = sinon.spy();
  const client = new Logged({ log: { info } });
  client.log.info("hello", { n: 1 });
  assert.equal(info.firstCall.args, ["hello", { n: 1 }]);
  assert.is(typeof client.log.debug, "function");
  assert.is(typeof client.log.warn, "function");
});

test("a Deprecation header warns once per route (method + template), whatever the parameters", async () => {
  const warn = sinon.spy();
  const client = new Logged({ baseUrl: server.url, log: { warn } });
  await client.request("GET /repos/{owner}/{repo}/old", { owner: "a", repo: "b" });
  await client.request("GET /repos/{owner}/{repo}/old", { owner: "c", repo: "d" });
  assert.is(warn.callCount, 1);
  assert.match(
    warn.firstCall.args[0],
    /GitHub says GET \/repos\/\{owner\}\/\{repo\}\/old is deprecated \(deprecation: @1688169599; sunset: Sat, 01 Jul 2028/,
  );
  await client.request("POST /repos/{owner}/{repo}/old", { owner: "a", repo: "b" });
  assert.is(warn.callCount, 2, "another method is another route");
  await new Logged({ baseUrl: server.url, log: { warn } }).request("GET /repos/{owner}/{repo}/old", {
    owner: "a",
    repo: "b",
  });
  assert.is(warn.callCount, 2, "once per process, not per client");
});

test("a Sunset header alone warns that the route will be removed; no header, no warning", async () => {
  const warn = sinon.spy();
  const client = new Logged({ baseUrl: server.url, log: { warn } });
  await client.request("GET /fine");
  assert.is(warn.callCount, 0);
  await client.request("GET /going");
  assert.match(warn.firstCall.args[0], /GET \/going will be removed \(sunset: Sat, 01 Jul 2028/);
});

test("an error response with a Deprecation header warns too, and the error still rejects", async () => {
  const warn = sinon.spy();
  const client = new Logged({ baseUrl: server.url, log: { warn } });
  const error = await client.request("GET /gone").catch((e) => e);
  assert.is(error.status, 410);
  assert.match(warn.firstCall.args[0], /GET \/gone is deprecated \(deprecation: true\)/);
});

test("a log method that is not a function throws a ParameterError at construction", () => {
  try {
    new Logged({ log: { warn: "loud" as never } });
    assert.unreachable("should throw");
  } catch (error) {
    assert.ok(isParameterError(error));
    assert.match((error as Error).message, /The log option's warn is string; pass a function/);
  }
});

test.run();
