import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";
import { fakeGitHubApp, type FakeGitHub } from "../helpers/auth-github.js";

// An installation token that arrives already expired (clock skew, a broken GitHub
// Enterprise Server) used to be exchanged again on every request, each exchange a POST
// paced by the throttle's mutationGap (issue 23).
const test = suite("auth: an installation token expired on arrival");
const APP_ID = 4242;
const keys = generateAppKeys();
let server: TestServer;
let github: FakeGitHub;

test.before(async () => {
  server = await startServer();
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  github = fakeGitHubApp(server, keys.publicKey, APP_ID, ["1"]);
});

for (const [label, lifetime] of [
  ["expired a minute ago", -60_000],
  ["expiring within the 5-minute refresh window", 60_000],
] as const) {
  test(`a token ${label}: 20 requests, one exchange, one warning`, async () => {
    github.lifetime = lifetime;
    const warn = sinon.spy();
    const client = new (Client.plugin(auth))({
      baseUrl: server.url,
      auth: { appId: APP_ID, privateKey: keys.pkcs1, installationId: 1 },
      log: { warn },
    });
    for (let i = 0; i < 20; i++) assert.is((await client.request("GET /repos/o/r")).status, 200);
    assert.is(github.exchanges["1"], 1);
    assert.is(server.requests.filter((r) => r.path === "/repos/o/r").length, 20);
    assert.is(warn.callCount, 1);
    assert.match(
      warn.firstCall.args[0],
      /installation 1: the new installation token expires .* before it could be used/,
    );
    assert.not.match(warn.firstCall.args[0], /ghs_/);
  });
}

test("with the throttle's write pacing, the exchange is not repeated per request either", async () => {
  github.lifetime = -60_000;
  const client = new (Client.plugin(auth, throttle))({
    baseUrl: server.url,
    auth: { appId: APP_ID, privateKey: keys.pkcs1, installationId: 1 },
    throttle: { mutationGap: 1000 },
    log: { warn: () => {} },
  });
  for (let i = 0; i < 20; i++) await client.request("GET /repos/o/r");
  assert.ok(github.exchanges["1"]! <= 2, `${github.exchanges["1"]} exchanges`);
});

test("a token GitHub then refuses (401) is refreshed once, as any installation token", async () => {
  github.lifetime = -60_000;
  const client = new (Client.plugin(auth))({
    baseUrl: server.url,
    auth: { appId: APP_ID, privateKey: keys.pkcs1, installationId: 1 },
    log: { warn: () => {} },
  });
  await client.request("GET /repos/o/r");
  github.live.clear(); // revoked
  assert.is((await client.request("GET /repos/o/r")).status, 200);
  assert.is(github.exchanges["1"], 2);
});

test.run();
