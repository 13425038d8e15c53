// Issue 35, item 9: v16-era code passes `authStrategy: createAppAuth` from @octokit/auth-app 2.x
// with `{ id, privateKey, installationId }`. Its hook calls `request(endpoint)` with a new
// options object, and `request(route, params)` for the token exchange: both are what is sent
// (kernel/hook.ts), on Octokit as on @octokit/rest 16 itself.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";

const require = createRequire(import.meta.url);
const { createAppAuth } = require("octokit-auth-app-2") as { createAppAuth: (options: object) => never };
const V16 = require("octokit-rest-v16") as new (options: object) => {
  repos: { get(params: object): Promise<{ data: unknown }> };
  request(route: string): Promise<{ data: unknown }>;
};

const test = suite("octokit drop-in: @octokit/auth-app 2.x");
const keys = generateAppKeys();
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "POST /app/installations/2/access_tokens": {
      status: 201,
      body: { token: "ghs_installation0123456789", expires_at: "2099-01-01T00:00:00Z", permissions: {} },
    },
    "GET /repos/o/r": { body: { full_name: "o/r" } },
    "GET /app": { body: { id: 1 } },
  });
});
test.after(() => server.close());

/** What arrived, the JWT's signature part left out (each client signs its own). */
async function run(client: InstanceType<typeof V16>) {
  server.requests.length = 0;
  const repo = await client.repos.get({ owner: "o", repo: "r" });
  const app = await client.request("GET /app");
  const sent = server.requests.map((r) => `${r.method} ${r.path} ${String(r.headers.authorization).split(".")[0]}`);
  return { sent, data: [repo.data, app.data] };
}

test("{ id, privateKey, installationId }: the token exchange, then the installation token, as on @octokit/rest 16", async () => {
  const log = { debug() {}, info() {}, warn() {}, error() {} };
  const options = { authStrategy: createAppAuth, auth: { id: 1, privateKey: keys.pkcs1, installationId: 2 }, log };
  const theirs = await run(new V16({ baseUrl: server.url, ...options }));
  assert.equal(theirs.sent, [
    "POST /app/installations/2/access_tokens bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9",
    "GET /repos/o/r token ghs_installation0123456789",
    "GET /app bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9",
  ]);
  const ours = await run(new Octokit({ baseUrl: server.url, ...options }) as never);
  assert.equal(ours, theirs);
});

test.run();
