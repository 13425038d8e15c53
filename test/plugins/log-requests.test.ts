import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client as Kernel, isParameterError } from "../../kernel/index.js";
import { log } from "../../plugins/log/index.js";
import { Client } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: log, one line or record per request");
const TOKEN = "ghp_logrequeststoken0123456789abcdefghij";
let server: TestServer;
let hits = 0;

test.before(async () => {
  server = await startServer({
    "GET /repos/octocat/hello": {
      headers: { "x-github-request-id": "0400:AAAA", "x-ratelimit-remaining": "4998", "x-ratelimit-resource": "core" },
      body: {},
    },
    "GET /flaky": () => (hits++ === 0 ? { status: 502, body: { message: "Bad Gateway" } } : { body: {} }),
    "GET /missing": { status: 404, body: { message: "Not Found" } },
    // Echoes the credential it received, as GitHub's "Bad credentials" answers and a hostile
    // server may: in the request id (which spans and records carry) and in a 401 body.
    "GET /echo-ok": (req) => ({
      headers: { "x-github-request-id": String(req.headers.authorization).replace(/^\S+ /, "") },
      body: {},
    }),
    "GET /echo": (req) => {
      const credential = String(req.headers.authorization).replace(/^\S+ /, "");
      return {
        status: 401,
        headers: { "x-github-request-id": credential },
        body: { message: `Bad credentials: ${credential}` },
      };
    },
    "GET /etag": (req) =>
      req.headers["if-none-match"] === '"v1"' ? { status: 304 } : { headers: { etag: '"v1"' }, body: { v: 1 } },
  });
});
test.after(() => server.close());
test.before.each(() => void (hits = 0));

test("log: console gets one info line per request, in @octokit's form", async () => {
  const info = sinon.spy();
  const client = new (Kernel.plugin(log))({ baseUrl: server.url, log: { info } });
  await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello" });
  assert.is(info.callCount, 1);
  assert.match(info.firstCall.args[0], /^GET \/repos\/octocat\/hello - 200 in \d+ms$/);
});

test("without log.info no line is written; with it, the line comes from log's one wrap (no second hook)", async () => {
  const registered: unknown[] = [];
  const spy = (client: Kernel) => {
    const wrap = client.hook.wrap;
    Object.defineProperty(client.hook, "wrap", {
      value: (...args: unknown[]) => (registered.push(args), (wrap as Function)(...args)),
    });
  };
  const info = sinon.spy();
  // `log.info` left out: the client's is the silent default.
  const quiet = new (Kernel.plugin(spy, log))({ baseUrl: server.url, log: { warn: () => {} } });
  assert.is(registered.length, 1, "log's wrap: deprecation headers");
  await quiet.request("GET /repos/octocat/hello");
  const loud = new (Kernel.plugin(spy, log))({ baseUrl: server.url, log: { info } });
  assert.is(registered.length, 2, "one wrap for the second client too");
  await loud.request("GET /repos/octocat/hello");
  assert.is(info.callCount, 1);
  assert.match(info.firstCall.args[0], /^GET \/repos\/octocat\/hello - 200 in \d+ms$/);
});

test("a failed call goes to log.error in the same form", async () => {
  const info = sinon.spy();
  const error = sinon.spy();
  const client = new (Kernel.plugin(log))({ baseUrl: server.url, log: { info, error } });
  await client.request("GET /missing").catch(() => undefined);
  assert.is(info.callCount, 0);
  assert.match(error.firstCall.args[0], /^GET \/missing - 404 in \d+ms$/);
});

test('logRequests: "record" — one object per request, with retries, request id and rate limit', async () => {
  const info = sinon.spy();
  const client = new Client({
    baseUrl: server.url,
    log: { info },
    logRequests: "record",
    retry: { delay: 1, maxDelay: 1 },
  });
  await client.request("GET /flaky");
  await client.repos.get({ owner: "octocat", repo: "hello" });
  assert.is(info.callCount, 2, "one record per request, not per attempt");
  const [flaky, repo] = info.getCalls().map((call) => call.args);
  assert.is(flaky!.length, 1, "a lone object: pino and winston print its fields");
  assert.equal(
    { ...flaky![0], durationMs: 0, waitedMs: 0, msg: "" },
    {
      msg: "",
      method: "GET",
      route: "/flaky",
      url: `${server.url}/flaky`,
      status: 200,
      durationMs: 0,
      retries: 1,
      waitedMs: 0,
    },
  );
  assert.is(repo![0].route, "/repos/{owner}/{repo}");
  assert.is(repo![0].operation, "repos/get");
  assert.is(repo![0].requestId, "0400:AAAA");
  assert.equal(repo![0].rateLimit, { remaining: 4998, resource: "core" });
  assert.match(repo![0].msg, /^GET \/repos\/octocat\/hello - 200 in \d+ms$/);
});

test("in the full preset a 304 the cache answers is logged as 304, at info", async () => {
  const info = sinon.spy();
  const error = sinon.spy();
  const client = new Client({ baseUrl: server.url, log: { info, error }, cache: true });
  await client.request("GET /etag");
  await client.request("GET /etag");
  assert.is(error.callCount, 0);
  assert.match(info.secondCall.args[0], /^GET \/etag - 304 in \d+ms$/);
});

test("no credential in a line or a record", async () => {
  const info = sinon.spy();
  const error = sinon.spy();
  const client = new (Kernel.plugin(log))({
    baseUrl: server.url,
    auth: TOKEN,
    log: { info, error },
    logRequests: "record",
  } as never);
  await client.request("GET /repos/octocat/hello", { access_token: TOKEN });
  // Userinfo in the URL is refused before any hook (kernel/route.ts): no line for it.
  const refused = await client
    .request(`GET ${server.url.replace("//", `//me:${TOKEN}@`)}/missing`)
    .catch((e: Error) => e);
  assert.is((refused as Error).name, "ParameterError");
  assert.not.match(String(refused), TOKEN.slice(4));
  const text = JSON.stringify([...info.getCalls(), ...error.getCalls()].map((call) => call.args));
  assert.is(info.callCount + error.callCount, 1);
  assert.not.match(text, TOKEN.slice(4));
  assert.match(text, "[REDACTED]");
});

// A classic 40-hex token and a GHES `v1.` token have no `ghp_` shape: only their value,
// registered by the auth plugin, can redact them.
test("a credential without a token shape, echoed back by the server, is in no line or record", async () => {
  for (const credential of [
    "0123456789abcdef0123456789abcdef01234567",
    "v1.0123456789abcdef0123456789abcdef01234567",
  ]) {
    const info = sinon.spy();
    const error = sinon.spy();
    const client = new Client({ baseUrl: server.url, auth: credential, log: { info, error }, logRequests: "record" });
    const failure = await client.request("GET /echo").catch((e: unknown) => e);
    assert.is((failure as { status?: number }).status, 401);
    const calls = [...info.getCalls(), ...error.getCalls()].map((call) => call.args);
    assert.is(calls.length, 1);
    const text = JSON.stringify(calls);
    assert.match(text, /"requestId":"\[REDACTED\]"/, "the echoed value reached the record, redacted");
    assert.not.match(text, credential.slice(-24));
  }
});

// A caller's own header, not the auth plugin's: no plugin knew the value until it was logged.
test("a caller's own authorization header, echoed on a success, is in no line or record", async () => {
  const credential = "fedcba9876543210fedcba9876543210fedcba98";
  const info = sinon.spy();
  const client = new Client({ baseUrl: server.url, log: { info }, logRequests: "record" });
  await client.request("GET /echo-ok", { headers: { authorization: `token ${credential}` } });
  const text = JSON.stringify(info.getCalls().map((call) => call.args));
  assert.match(text, /"requestId":"\[REDACTED\]"/, "the echoed value reached the record, redacted");
  assert.not.match(text, credential.slice(-24));
});

test("a bad logRequests value fails at construction", () => {
  try {
    new (Kernel.plugin(log))({ logRequests: "json" } as never);
    assert.unreachable();
  } catch (error) {
    assert.ok(isParameterError(error));
    assert.match((error as Error).message, /logRequests must be "line", "record" or false/);
  }
});

test.run();
