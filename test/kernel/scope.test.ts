import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, createScope } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: scope proxy");
let server: TestServer;
const routes: Record<string, string> = { get: "GET /repos/{owner}/{repo}", listForOrg: "GET /orgs/{org}/repos" };

function makeScope(client: Client, resolved: string[] = []) {
  return createScope<Record<string, any>>({
    names: () => Object.keys(routes),
    resolve(name) {
      if (name === "getForOrg") return this.resolve("listForOrg");
      if (!Object.hasOwn(routes, name)) return undefined;
      const route = routes[name]!;
      resolved.push(name);
      return client.request.defaults({ ...client.request.endpoint.merge(route) });
    },
  });
}

test.before(async () => {
  server = await startServer({ "GET /repos/o/r": { body: { name: "r" } }, "GET /orgs/x/repos": { body: [] } });
});
test.after(() => server.close());

test("methods resolve on first access, are cached, and work", async () => {
  const resolved: string[] = [];
  const repos = makeScope(new Client({ baseUrl: server.url }), resolved);
  assert.equal(resolved, []);
  const get = repos.get;
  assert.is(repos.get, get, "cached");
  assert.equal(resolved, ["get"]);
  const { data } = await repos.get({ owner: "o", repo: "r" });
  assert.equal(data, { name: "r" });
  assert.is(repos.get.endpoint.DEFAULTS.url, "/repos/{owner}/{repo}");
});

test("in, Object.keys and getOwnPropertyDescriptor list the scope before any call", () => {
  const repos = makeScope(new Client());
  assert.ok("get" in repos);
  assert.ok("getForOrg" in repos, "aliases resolve");
  assert.not.ok("nope" in repos);
  assert.equal(Object.keys(repos), ["get", "listForOrg"]);
  assert.is(typeof Object.getOwnPropertyDescriptor(repos, "listForOrg")?.value, "function");
  assert.is(repos.nope, undefined);
});

test("then and symbols are ignored: await scope does not hang, inspect works", async () => {
  const repos = makeScope(new Client());
  assert.is(repos.then, undefined);
  assert.is(await repos, repos);
  assert.is(repos[Symbol.iterator], undefined);
  assert.is(typeof String(Object.prototype.toString.call(repos)), "string");
});

test("sinon.stub(scope, name) replaces the method and restore() puts it back", async () => {
  const repos = makeScope(new Client({ baseUrl: server.url }));
  const original = repos.get;
  const stub = sinon.stub(repos, "get").resolves({ data: "stubbed" });
  assert.equal(await repos.get({ owner: "o", repo: "r" }), { data: "stubbed" });
  assert.is(stub.callCount, 1);
  stub.restore();
  assert.is(repos.get, original);
  const { data } = await repos.get({ owner: "o", repo: "r" });
  assert.equal(data, { name: "r" });
});

test("stubbing a method never accessed before also works; delete re-resolves", () => {
  const repos = makeScope(new Client());
  const stub = sinon.stub(repos, "listForOrg").returns("x");
  assert.is(repos.listForOrg(), "x");
  stub.restore();
  assert.is.not(repos.listForOrg, stub);
  repos.get = "replaced";
  assert.is(repos.get, "replaced");
  delete repos.get;
  assert.is(typeof repos.get, "function");
});

test("inherited Object.prototype members are not resolved as methods", () => {
  const resolved: string[] = [];
  const repos = makeScope(new Client(), resolved);
  assert.ok(repos.hasOwnProperty("get"));
  assert.is(repos.toString(), "[object Object]");
  assert.equal(resolved, ["get"]);
});

test.run();
