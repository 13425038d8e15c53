// Issue 35, item 6: the members @octokit/core's `Octokit` type declares exist on forgekit's
// `Octokit` and work as @octokit/core 7's do, against a loopback server:
// `request.endpoint.defaults/parse`, `request: { redirect: "error" }`, `graphql.endpoint`,
// hooks of any name, and `auth(…)` with a strategy's arguments. The type side is
// test/types/octokit-core.test.ts.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as Core } from "@octokit/core";
import forgekit, { NetworkError, Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("octokit drop-in: @octokit/core's members");
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /moved": { status: 302, headers: { location: "/repos/o/r" } },
    "*": { body: { ok: true } },
  });
});
test.after(() => server.close());

const clients = () => [new Core({ baseUrl: server.url }), new Octokit({ baseUrl: server.url })] as const;

/**
 * What both clients give, side by side, with the user agents (which differ by name) left out.
 * forgekit's request options carry the body serialised (kernel/route.ts), @octokit's the object.
 */
function pick(options: { method: string; url: string; body?: unknown }) {
  // (@octokit's is a null-prototype object: copied into a plain one to compare.)
  const body = typeof options.body === "string" ? JSON.parse(options.body) : options.body && { ...options.body };
  return { method: options.method, url: options.url, body };
}

test("request.endpoint.parse and request.endpoint.defaults give what @octokit/core's give", () => {
  const [theirs, ours] = clients();
  const run = (octokit: any) => {
    const merged = octokit.request.endpoint.merge("GET /repos/{owner}/{repo}", { owner: "a", repo: "b" });
    const withOwner = octokit.request.endpoint.defaults({ owner: "x" });
    return [
      pick(octokit.request.endpoint.parse(merged)),
      pick(withOwner("GET /repos/{owner}/{repo}", { repo: "b" })),
      pick(withOwner.defaults({ repo: "y" })("POST /repos/{owner}/{repo}/issues", { title: "t" })),
      withOwner.DEFAULTS.owner,
    ];
  };
  const expected = run(theirs);
  assert.equal(expected[0], { method: "GET", url: `${server.url}/repos/a/b`, body: undefined });
  assert.equal(run(ours), expected);
  // The client's own endpoint keeps its defaults.
  assert.is((ours.request.endpoint.DEFAULTS as Record<string, unknown>).owner, undefined);
});

test("request.endpoint.defaults' options are sent by request", async () => {
  const [, ours] = clients();
  server.requests.length = 0;
  const options = ours.request.endpoint.defaults({ owner: "x", repo: "y" })("GET /repos/{owner}/{repo}");
  await ours.request(options as never);
  assert.equal(
    server.requests.map((r) => `${r.method} ${r.url}`),
    ["GET /repos/x/y"],
  );
});

test('request: { redirect: "error" } fails on a redirect, as @octokit/core 7 does, and follows nothing', async () => {
  for (const octokit of clients()) {
    server.requests.length = 0;
    const error = await octokit.request("GET /moved", { request: { redirect: "error" } }).then(
      () => assert.unreachable("resolved"),
      (error: { status: number }) => error,
    );
    assert.is(error.status, 500);
    assert.equal(
      server.requests.map((r) => r.url),
      ["/moved"],
    );
  }
  const error = await forgekit({ baseUrl: server.url })
    .request("GET /moved", { request: { redirect: "error" } })
    .catch((error: unknown) => error);
  assert.instance(error, NetworkError);
  assert.match((error as Error).message, /302, a redirect, refused: request\.redirect is "error"/);
  // Without it, the redirect is followed.
  const { data } = await new Octokit({ baseUrl: server.url }).request("GET /moved");
  assert.equal(data, { ok: true });
});

test("graphql.endpoint gives the request a query is sent with, as @octokit/graphql's", async () => {
  const run = (octokit: any) => pick(octokit.graphql.endpoint({ query: "{ viewer { login } }" }));
  const [theirs, ours] = clients();
  const expected = run(theirs);
  assert.equal(expected, { method: "POST", url: `${server.url}/graphql`, body: { query: "{ viewer { login } }" } });
  assert.equal(run(ours), expected);
  assert.equal(run(forgekit({ baseUrl: server.url })), expected);
  // A GHES base URL: where forgekit sends the query (kernel: plugins/graphql/request.ts).
  assert.is(
    (new Octokit({ baseUrl: "https://ghe.example/api/v3" }).graphql.endpoint as any)({ query: "q" }).url,
    "https://ghe.example/api/graphql",
  );
});

test("hooks of any name run, as before-after-hook's do for @octokit/core", async () => {
  const run = async (octokit: Core | Octokit) => {
    const seen: string[] = [];
    octokit.hook.before("custom", (options: { n: number }) => void seen.push(`before ${options.n}`));
    octokit.hook.wrap("custom", async (method: (o: unknown) => Promise<unknown>, options: { n: number }) => {
      seen.push("wrap");
      return method({ n: options.n + 1 });
    });
    const result = await octokit.hook("custom", (options: { n: number }) => `ran ${options.n}`, { n: 1 });
    return [...seen, result];
  };
  const [theirs, ours] = clients();
  // before-after-hook 4.0.0 drops the new object a wrap passes on (@octokit/core 7 has it);
  // forgekit's collection sends what the wrap passed (kernel/hook-chain.ts).
  assert.equal(await run(theirs), ["wrap", "before 1", "ran 1"]);
  assert.equal(await run(ours), ["wrap", "before 2", "ran 2"]);
});

test("auth(…) takes a strategy's arguments, and token auth answers any", async () => {
  const ours = new Octokit({ auth: "token-123", baseUrl: server.url });
  const given: unknown[] = [];
  const strategy = () => {
    const auth = async (...args: unknown[]) => (given.push(args), { type: "custom" });
    return Object.assign(auth, { hook: (request: any, route: any, params: any) => request(route, params) });
  };
  const custom = new Octokit({ authStrategy: strategy, baseUrl: server.url });
  assert.equal(await custom.auth({ type: "installation" }, "extra"), { type: "custom" });
  assert.equal(given, [[{ type: "installation" }, "extra"]]);
  assert.is(((await ours.auth("anything", 1)) as { type: string }).type, "token");
});

test.run();
