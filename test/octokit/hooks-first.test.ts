// Issue 35, item 2: in the drop-in `Octokit` the caller's hooks see every call first, as
// @octokit's do — a `wrap` that answers without sending returns its answer even for a call
// whose URL cannot be built — while the checks still run before anything is sent.
// forgekit() and Client keep checking before any hook (a hook may do I/O).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { Octokit as RealOctokit } from "@octokit/rest";
import forgekit, { Octokit, ParameterError } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const require = createRequire(import.meta.url);
const V16 = require("octokit-rest-v16").Octokit as new (options: object) => any;

const test = suite("octokit drop-in: the caller's hooks before the checks");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": { body: { ok: true } } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

/** `repos.createRelease()` with no parameters under a wrap that answers itself. */
async function stubbed(client: any) {
  client.hook.wrap("request", () => ({ status: 200, url: "", headers: {}, data: "stub" }));
  return (await (client.rest ?? client).repos.createRelease()).data;
}

test("a wrap that answers without sending: @octokit/rest 16 and 22 return its answer, and so does Octokit", async () => {
  const theirs = [
    await stubbed(new V16({ baseUrl: server.url })),
    await stubbed(new RealOctokit({ baseUrl: server.url })),
  ];
  assert.equal(theirs, ["stub", "stub"]);
  assert.is(await stubbed(new Octokit({ baseUrl: server.url })), theirs[0]);
  assert.is(server.requests.length, 0);
});

test("Octokit: a before hook sees the call, then the check refuses it and nothing is sent", async () => {
  const octokit = new Octokit({ baseUrl: server.url });
  const seen: string[] = [];
  octokit.hook.before("request", (options) => void seen.push(options.url!));
  octokit.hook.error("request", (error) => {
    seen.push((error as Error).name);
    throw error;
  });
  const error = await octokit.repos.createRelease({ tag_name: "v1" } as never).catch((e: unknown) => e);
  assert.instance(error, ParameterError);
  assert.match((error as Error).message, /Path parameter "owner"/);
  assert.equal(seen, ["/repos/{owner}/{repo}/releases", "ParameterError"]);
  assert.is(server.requests.length, 0);
});

test("Octokit: a wrap that fills in the missing parameter has the call sent", async () => {
  const octokit = new Octokit({ baseUrl: server.url });
  octokit.hook.wrap("request", (request, options) => request({ ...options, owner: "o", repo: "r" }));
  await octokit.repos.createRelease({ tag_name: "v1" } as never);
  assert.equal(
    server.requests.map((r) => `${r.method} ${r.path}`),
    ["POST /repos/o/r/releases"],
  );
});

test("forgekit(): the check runs before any hook, which never sees the call", async () => {
  const client = forgekit({ baseUrl: server.url });
  let wrapped = 0;
  client.hook.wrap("request", () => ({ status: 200, url: "", headers: {}, data: `stub ${++wrapped}` }));
  for (const call of [
    () => client.repos.createRelease({ tag_name: "v1" } as never),
    () => client.request("POST /repos/{owner}/{repo}/releases", { tag_name: "v1" }),
  ])
    assert.instance(await call().catch((e: unknown) => e), ParameterError);
  assert.is(wrapped, 0);
  assert.is(server.requests.length, 0);
});

test.run();
