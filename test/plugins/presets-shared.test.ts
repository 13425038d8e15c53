import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client as Full } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

// What every client of a class shares lives on the class or in one per-operation record; a
// client holds only what is its own (its options, credentials, hooks). These would fail if a
// shared thing became per-instance again. Counts and identities, never times or bytes.
const test = suite("presets: per-class, not per-instance");
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r": (req) => ({ body: { authorization: req.headers.authorization ?? null } }),
  });
});
test.after(() => server.close());

const LAZY_MEMBERS = ["auth", "authenticate", "graphql", "paginate", "registerEndpoints"];

test("members most clients never use are prototype getters, made for an instance on first access", () => {
  const client = new Full({ baseUrl: server.url });
  const own = Object.keys(client);
  for (const name of LAZY_MEMBERS) {
    assert.not.ok(own.includes(name), `${name} is not an own member before it is read`);
    assert.ok(Object.getOwnPropertyDescriptor(Full.prototype, name)?.get, `${name} is a getter on the prototype`);
  }
  const first = client.graphql;
  assert.is(client.graphql, first, "made once, then kept");
  assert.ok(Object.keys(client).includes("graphql"));
  assert.is(typeof client.authenticate, "function");
  const other = new Full({ baseUrl: server.url });
  assert.is.not(other.graphql, first, "each client gets its own");
});

test("two clients' endpoint methods are their own, over the same route", () => {
  const a = new Full({ baseUrl: server.url });
  const b = new Full({ baseUrl: server.url });
  assert.is.not(a.repos.get, b.repos.get);
  assert.is(a.repos.get.endpoint.DEFAULTS.url, "/repos/{owner}/{repo}");
  assert.is(b.repos.get.endpoint.DEFAULTS.url, "/repos/{owner}/{repo}");
  assert.is(a.repos.get.endpoint.DEFAULTS.baseUrl, server.url);
});

test("authenticate() after construction changes what auth's wrap attaches; a caller's hook runs outside it", async () => {
  const client = new Full({ baseUrl: server.url, auth: "ghp_shared" });
  // authenticate() after construction changes what the same wrap attaches.
  client.authenticate({ type: "token", token: "ghp_later" });
  assert.is((await client.repos.get({ owner: "o", repo: "r" })).data.authorization, "token ghp_later");
  // A hook of the caller's runs outside them and sees the request before credentials are added.
  const seen = sinon.spy((options: { headers: Record<string, string> }) => options.headers.authorization);
  client.hook.before("request", seen as never);
  await client.repos.get({ owner: "o", repo: "r" });
  assert.is(seen.returnValues[0], undefined);
  assert.is(seen.callCount, 1);
});

test.run();
