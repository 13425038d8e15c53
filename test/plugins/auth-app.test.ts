import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, HttpError, ParameterError, isHttpError } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys, verifyJwt } from "../helpers/auth-keys.js";
import { fakeGitHubApp, type FakeGitHub } from "../helpers/auth-github.js";

const test = suite("auth: GitHub App strategy");
const AuthClient = Client.plugin(auth);
const APP_ID = 4242;
const keys = generateAppKeys();
let server: TestServer;
let github: FakeGitHub;
let clock: sinon.SinonFakeTimers | undefined;

test.before(async () => {
  server = await startServer();
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  github = fakeGitHubApp(server, keys.publicKey, APP_ID, ["1", "2"]);
});
test.after.each(() => {
  clock?.restore();
  clock = undefined;
});

const make = (extra: Record<string, unknown> = { installationId: 1 }) =>
  new AuthClient({ baseUrl: server.url, auth: { appId: APP_ID, privateKey: keys.pkcs1, ...extra } });
const hits = (path: string) => server.requests.filter((r) => r.path === path);
const exchangePath = (id: number) => `/app/installations/${id}/access_tokens`;
/** Move Date only (sockets and fetch keep real timers). */
const fakeDate = () => (clock = sinon.useFakeTimers({ now: Date.now(), toFake: ["Date"] }));

test("app routes are sent with a JWT the server verifies: RS256, iat 60 s back, exp ≤ 10 min ahead, iss = appId", async () => {
  const before = Math.floor(Date.now() / 1000);
  const { data } = await make().request("GET /app");
  assert.is(data.id, APP_ID);
  const jwt = /^bearer (.+)$/.exec(String(hits("/app")[0]?.headers.authorization))?.[1];
  const { header, claims } = verifyJwt(jwt ?? "", keys.publicKey);
  assert.equal(header, { alg: "RS256", typ: "JWT" });
  assert.is(claims.iss, APP_ID);
  assert.ok(claims.iat >= before - 61 && claims.iat <= before - 59, `iat ${claims.iat} vs now ${before}`);
  assert.ok(claims.exp - before <= 600 && claims.exp - claims.iat === 600);
  assert.is(hits(exchangePath(1)).length, 0, "app routes need no installation token");
});

test("an appId given as a numeric string is sent as the number GitHub expects in iss", async () => {
  const { data } = await make({ appId: String(APP_ID) }).request("GET /app");
  assert.is(data.id, APP_ID);
  assert.is(github.jwts[0]?.claims.iss, APP_ID);
});

test("a PKCS#8 key and a key with escaped \\n (from an env variable) work too", async () => {
  for (const privateKey of [keys.pkcs8, keys.pkcs1.replace(/\n/g, "\\n")]) {
    const client = new AuthClient({ baseUrl: server.url, auth: { appId: APP_ID, privateKey } });
    assert.is((await client.request("GET /app")).data.id, APP_ID);
  }
});

test("other routes get an installation token from the exchange, cached: a second request exchanges nothing", async () => {
  const client = make();
  await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is(github.exchanges["1"], 1);
  const repoAuth = hits("/repos/o/r").map((r) => r.headers.authorization);
  assert.equal(repoAuth, ["token ghs_1x1aaaaaaaaaaaaaaaaaaaa", "token ghs_1x1aaaaaaaaaaaaaaaaaaaa"]);
  assert.match(String(hits(exchangePath(1))[0]?.headers.authorization), /^bearer eyJ/);
});

test("the token is refreshed when less than 5 minutes are left, not before", async () => {
  fakeDate();
  const client = make();
  await client.request("GET /repos/o/r");
  clock!.tick(54 * 60_000); // 6 minutes left: still cached
  await client.request("GET /repos/o/r");
  assert.is(github.exchanges["1"], 1);
  clock!.tick(2 * 60_000); // 4 minutes left: refresh
  await client.request("GET /repos/o/r");
  assert.is(github.exchanges["1"], 2);
  assert.is(hits("/repos/o/r")[2]?.headers.authorization, "token ghs_1x2aaaaaaaaaaaaaaaaaaaa");
});

test("10 concurrent requests share ONE exchange (first token, then a refresh)", async () => {
  fakeDate();
  github.exchangeDelay = 30;
  const client = make();
  const burst = () => Promise.all(Array.from({ length: 10 }, () => client.request("GET /repos/o/r")));
  await burst();
  assert.is(github.exchanges["1"], 1);
  clock!.tick(57 * 60_000);
  await burst();
  assert.is(github.exchanges["1"], 2);
  const used = new Set(
    hits("/repos/o/r")
      .slice(10)
      .map((r) => r.headers.authorization),
  );
  assert.equal([...used], ["token ghs_1x2aaaaaaaaaaaaaaaaaaaa"]);
});

test("tokens are cached per installation; a per-request installationId picks another", async () => {
  const client = make();
  await client.request("GET /repos/o/r");
  await client.request("GET /repos/o/r", { request: { installationId: 2 } });
  await client.request("GET /repos/o/r", { request: { installationId: 2 } });
  assert.equal(github.exchanges, { "1": 1, "2": 1 });
  assert.is(hits("/repos/o/r")[1]?.headers.authorization, "token ghs_2x1aaaaaaaaaaaaaaaaaaaa");
});

test("a 401 (revoked token) → one fresh token, one retry, success", async () => {
  const client = make();
  await client.request("GET /repos/o/r");
  github.live.clear();
  const { data } = await client.request("GET /repos/o/r");
  assert.equal(data, { full_name: "o/r" });
  assert.is(github.exchanges["1"], 2);
  assert.is(hits("/repos/o/r").length, 3);
});

test("a 401 that persists is thrown after one retry (no loop)", async () => {
  server.route("GET /repos/o/r", { status: 401, body: { message: "Bad credentials" } });
  const error = await make()
    .request("GET /repos/o/r")
    .catch((e: unknown) => e);
  assert.instance(error, HttpError);
  assert.is((error as HttpError).status, 401);
  assert.is(hits("/repos/o/r").length, 2);
  assert.is(github.exchanges["1"], 2);
});

test("a 401 on a JWT because of clock drift: the Date header corrects the clock, one retry succeeds", async () => {
  github.skew = 15 * 60_000; // the server is 15 minutes ahead: our exp is already past for it
  const { data } = await make().request("GET /app");
  assert.is(data.id, APP_ID);
  assert.is(hits("/app").length, 2);
  assert.is(github.jwts.length, 1);
});

test("the token exchange also recovers from clock drift", async () => {
  github.skew = -15 * 60_000; // the server is behind: our iat is in its future
  await make().request("GET /repos/o/r");
  assert.is(hits(exchangePath(1)).length, 2);
  assert.is(github.exchanges["1"], 1);
});

test("without installationId every request is sent as the app (JWT)", async () => {
  await make({})
    .request("GET /repos/o/r")
    .catch(() => {});
  assert.match(String(hits("/repos/o/r")[0]?.headers.authorization), /^bearer eyJ/);
  assert.is(hits(exchangePath(1)).length, 0);
});

test("app routes given as absolute URLs under a path prefix are recognised", async () => {
  server.route("GET /api/v3/app/installations", (req) => ({
    body: { auth: String(req.headers.authorization).split(" ")[0] },
  }));
  const client = new AuthClient({
    baseUrl: `${server.url}/api/v3`,
    auth: { appId: APP_ID, privateKey: keys.pkcs1, installationId: 1 },
  });
  const { data } = await client.request(`GET ${server.url}/api/v3/app/installations?page=2`);
  assert.is(data.auth, "bearer");
});

test("a key the server does not know: the exchange's 401 is thrown at once (clocks agree: no second JWT)", async () => {
  const other = generateAppKeys();
  const client = new AuthClient({
    baseUrl: server.url,
    auth: { appId: APP_ID, privateKey: other.pkcs1, installationId: 1 },
  });
  const error = await client.request("GET /repos/o/r").catch((e: unknown) => e);
  assert.ok(isHttpError(error) && error.status === 401);
  assert.match((error as Error).message, /^GitHub refused the App's credentials \(app 4242\)/);
  assert.match((error as Error).message, /POST .*\/app\/installations\/1\/access_tokens → 401/);
  assert.is(hits(exchangePath(1)).length, 1);
  assert.is(hits("/repos/o/r").length, 0);
});

test("a PEM that Web Crypto cannot import rejects with a ParameterError that shows no key", async () => {
  const broken = "-----BEGIN RSA PRIVATE KEY-----\nQUJDRA==\n-----END RSA PRIVATE KEY-----";
  const error = await make({ privateKey: broken })
    .request("GET /app")
    .catch((e: unknown) => e);
  assert.instance(error, ParameterError);
  assert.match((error as Error).message, /"privateKey" could not be imported as an RSA key/);
  assert.not.match((error as Error).message, /QUJDRA/);
  assert.is(server.requests.length, 0);
});

test("constructing with an App config loads and signs nothing until the first request", async () => {
  make();
  await new Promise((done) => setTimeout(done, 20));
  assert.is(server.requests.length, 0);
});

test.run();
