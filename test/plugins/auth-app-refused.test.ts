// A GitHub App whose JWT GitHub refuses (a revoked key): each request made two token
// exchanges, the throttle counted them as writes, and after ~40 requests each waited ~60 s
// before failing with the same 401. Now: one exchange per request, an error that says the
// App's credentials were refused, and no write counted, with the throttle's state shared
// through a real redis-server by two clients; on each transport.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { createClient } from "redis";
import { isHttpError } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { redisStore } from "../../plugins/redis/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { generateAppKeys } from "../helpers/auth-keys.js";
import { fakeGitHubApp } from "../helpers/auth-github.js";
import { startRedis, type RedisServer } from "../helpers/redis-server.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { WithAgent } from "../helpers/security.js";

const test = suite("auth: an App whose credentials GitHub refuses, throttled through Redis");
const APP_ID = 4343;
const keys = generateAppKeys();
const revoked = generateAppKeys(); // a key GitHub does not know (revoked, or another App's)
const httpAgent = new Agent({ keepAlive: true });
const Throttled = WithAgent.plugin(auth, throttle);
let server: TestServer;
let redisServer: RedisServer | undefined;
let redis: Awaited<ReturnType<ReturnType<typeof createClient>["connect"]>> | undefined;
let startError: unknown;

test.before(async () => {
  server = await startServer({ "PATCH /repos/o/r": { body: {} } });
  try {
    redisServer = await startRedis();
    redis = await createClient({ url: redisServer.url }).connect();
  } catch (error) {
    startError = error;
  }
});
test.after(async () => {
  httpAgent.destroy();
  await redis?.close();
  await redisServer?.stop();
  await server.close();
});
test.before.each(async () => {
  // Fail every test, loudly, when Redis could not be started: never skip silently.
  if (startError) throw startError;
  server.requests.length = 0;
  fakeGitHubApp(server, keys.publicKey, APP_ID, ["1"]);
  await redis!.flushAll();
});

// Four writes a minute: were the exchanges counted, the fifth would wait ~60 s, longer than
// maxWait, and fail as a RateLimitError instead of the 401.
const WRITES_PER_MINUTE = 4;
const REQUESTS_PER_CLIENT = 6;
const exchanges = () => server.requests.filter((r) => r.path === "/app/installations/1/access_tokens").length;

for (const name of ["fetch", "node", "agent"] as const) {
  const make = (privateKey: string, prefix: string) =>
    new Throttled({
      baseUrl: server.url,
      auth: { appId: APP_ID, privateKey, installationId: 1 },
      throttle: { store: redisStore(redis!, { prefix }), writesPerMinute: WRITES_PER_MINUTE, maxWait: 1000 },
      ...(name === "fetch" ? { request: { fetch: globalThis.fetch } } : name === "agent" ? { agent: httpAgent } : {}),
    });

  test(`${name}: two clients, ${2 * REQUESTS_PER_CLIENT} requests → each fails at once, one exchange each, nothing paced`, async () => {
    const clients = [make(revoked.pkcs1, "shared:"), make(revoked.pkcs1, "shared:")];
    for (let i = 0; i < REQUESTS_PER_CLIENT; i++)
      for (const client of clients) {
        const error = await client.request("GET /repos/o/r").catch((e: unknown) => e);
        assert.ok(isHttpError(error), `request ${i}: ${String(error)}`);
        assert.is(error.status, 401);
        assert.is(error.name, "HttpError");
        assert.match(
          error.message,
          /^GitHub refused the App's credentials \(app 4343\): .*Check the appId and the private key/,
        );
        assert.match(error.message, /POST .*\/app\/installations\/1\/access_tokens → 401/);
      }
    assert.is(exchanges(), 2 * REQUESTS_PER_CLIENT);
    assert.is(server.requests.filter((r) => r.path === "/repos/o/r").length, 0);
    // Nothing in the shared store counts a write for them.
    assert.equal(await redis!.keys("shared:forgekit:pace:*"), []);
  });

  test(`${name}: the writes of an App whose key works are still counted in the shared store`, async () => {
    const client = make(keys.pkcs1, "ok:");
    await client.request("PATCH /repos/o/r", { name: "r" });
    assert.is(exchanges(), 1);
    assert.ok((await redis!.keys("ok:forgekit:pace:*")).length > 0);
  });
}

test.run();
