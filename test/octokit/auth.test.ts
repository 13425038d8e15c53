// Issue 14: @octokit's auth habits — `authStrategy` with @octokit/auth-* strategies (their
// `hook` wraps each request), `client.auth()` in @octokit's shapes, and `client.rest`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createAppAuth } from "@octokit/auth-app";
import { createActionAuth } from "@octokit/auth-action";
import { createUnauthenticatedAuth } from "@octokit/auth-unauthenticated";
import forgekit from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";
import { fakeGitHubApp } from "../helpers/auth-github.js";

const test = suite("octokit habits: auth");
const APP_ID = 4243;
const keys = generateAppKeys();
const TOKEN = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /repos/octocat/hello": { body: { full_name: "octocat/hello" } } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));
const hits = (path: string) => server.requests.filter((r) => r.path === path);

test("client.rest.repos.get is client.repos.get", async () => {
  const client = forgekit({ baseUrl: server.url });
  assert.is(client.rest.repos, client.repos);
  const { data } = await client.rest.repos.get({ owner: "octocat", repo: "hello" });
  assert.is(data.full_name, "octocat/hello");
});

test("client.auth() answers in @octokit's shapes; the token is never logged", async () => {
  const lines: unknown[] = [];
  const log = { debug: (...a: unknown[]) => lines.push(a), info: () => {}, warn: () => {}, error: () => {} };
  assert.equal(await forgekit({ baseUrl: server.url, log }).auth(), { type: "unauthenticated" });
  assert.equal(await forgekit({ baseUrl: server.url, auth: TOKEN, log }).auth(), {
    type: "token",
    token: TOKEN,
    tokenType: "oauth",
  });
  const ghs = "ghs_0123456789abcdefghijABCDEFGHIJ012345";
  assert.equal(await forgekit({ auth: ghs }).auth(), { type: "token", token: ghs, tokenType: "installation" });
  assert.not.match(JSON.stringify(lines), TOKEN);
});

test("authStrategy: createAppAuth with installationId fetches an installation token from the server and uses it", async () => {
  const github = fakeGitHubApp(server, keys.publicKey, APP_ID, ["7"], "/repos/o/r");
  const client = forgekit({
    baseUrl: server.url,
    authStrategy: createAppAuth,
    auth: { appId: APP_ID, privateKey: keys.pkcs1, installationId: 7 },
  });
  const { data } = await client.repos.get({ owner: "o", repo: "r" });
  assert.is(data.full_name, "o/r");
  await client.repos.get({ owner: "o", repo: "r" });
  assert.is(github.exchanges["7"], 1, "the strategy caches its installation token");
  assert.match(String(hits("/repos/o/r")[0]?.headers.authorization), /^token ghs_7x1/);
  // App routes get the JWT, as @octokit/auth-app decides.
  const app = await client.request("GET /app");
  assert.is(app.data.id, APP_ID);
  assert.match(String(hits("/app")[0]?.headers.authorization), /^bearer /);
  const installation = (await client.auth({ type: "installation" })) as { type: string; token: string };
  assert.is(installation.type, "token");
  assert.match(installation.token, /^ghs_7x1/);
});

test("authStrategy: credentials go to the API's origin only", async () => {
  const other = await startServer({ "GET /elsewhere": { body: {} } });
  try {
    const client = forgekit({
      baseUrl: server.url,
      authStrategy: createAppAuth,
      auth: { appId: APP_ID, privateKey: keys.pkcs1, installationId: 7 },
    });
    await client.request(`GET ${other.url}/elsewhere`);
    assert.is(other.requests[0]?.headers.authorization, undefined);
  } finally {
    await other.close();
  }
});

test("authStrategy: createActionAuth sends GITHUB_TOKEN", async () => {
  const saved = { ...process.env };
  Object.assign(process.env, { GITHUB_ACTION: "run", GITHUB_TOKEN: TOKEN });
  try {
    const client = forgekit({ baseUrl: server.url, authStrategy: createActionAuth });
    await client.repos.get({ owner: "octocat", repo: "hello" });
    assert.is(hits("/repos/octocat/hello")[0]?.headers.authorization, `token ${TOKEN}`);
    assert.equal(await client.auth(), { type: "token", token: TOKEN, tokenType: "oauth" });
  } finally {
    process.env = saved;
  }
});

test("authStrategy: createUnauthenticatedAuth sends no credentials", async () => {
  const client = forgekit({
    baseUrl: server.url,
    authStrategy: createUnauthenticatedAuth,
    auth: { reason: "testing" },
  });
  await client.repos.get({ owner: "octocat", repo: "hello" });
  assert.is(hits("/repos/octocat/hello")[0]?.headers.authorization, undefined);
  assert.equal(await client.auth(), { type: "unauthenticated", reason: "testing" });
});

test("authStrategy that is not a function is a ParameterError at construction", () => {
  assert.throws(
    () => forgekit({ authStrategy: "createAppAuth" as never }),
    /authStrategy must be an @octokit auth strategy function/,
  );
});

test.run();
