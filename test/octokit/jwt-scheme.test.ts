// Issue 35, item 8: a GitHub App's JWT goes out as `bearer …`, lower case, as every @octokit
// release sends it (@octokit/auth-app under @octokit/rest 22 and 16 alike); suites written for
// @octokit match the header exactly.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as RealOctokit } from "@octokit/rest";
import { createAppAuth } from "@octokit/auth-app";
import forgekit, { Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";

const test = suite("octokit drop-in: the JWT scheme");
const keys = generateAppKeys();
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /app": { body: { id: 1 } } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

const scheme = () => String(server.requests.at(-1)?.headers.authorization).split(" ")[0];

test("@octokit/rest 22 with @octokit/auth-app sends `bearer`, and so do forgekit's App auth and JWT forms", async () => {
  const auth = { appId: 1, privateKey: keys.pkcs1 };
  await new RealOctokit({ baseUrl: server.url, authStrategy: createAppAuth, auth }).request("GET /app");
  const octokits = scheme();
  assert.is(octokits, "bearer");
  await new Octokit({ baseUrl: server.url, auth }).request("GET /app");
  assert.is(scheme(), octokits, "Octokit with { appId, privateKey }");
  await forgekit({ baseUrl: server.url, auth }).request("GET /app");
  assert.is(scheme(), octokits, "forgekit() with { appId, privateKey }");
  const jwt = String(server.requests.at(-1)?.headers.authorization).split(" ")[1];
  await forgekit({ baseUrl: server.url, auth: jwt }).request("GET /app");
  assert.is(scheme(), octokits, "a JWT given as auth");
  const client = forgekit({ baseUrl: server.url });
  client.authenticate({ type: "app", token: jwt! });
  await client.request("GET /app");
  assert.is(scheme(), octokits, "v15's authenticate({ type: 'app' })");
});

test("a scheme the caller wrote is sent as written", async () => {
  await forgekit({ baseUrl: server.url, auth: "Bearer abc.def" }).request("GET /app");
  assert.is(server.requests.at(-1)?.headers.authorization, "Bearer abc.def");
});

test.run();
