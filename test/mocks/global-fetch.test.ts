// A test that replaces globalThis.fetch itself, before forgekit is imported and after: every
// request goes to the replacement, read when the request is sent.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:https";
import { Agent as HttpAgent, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ANSWERS, API, SEARCH, TOKEN, exercise } from "../helpers/mocked.js";

const own = globalThis.fetch;
test.after(() => void (globalThis.fetch = own));

/** A fetch that answers from ANSWERS and records each URL. */
function replacement(seen: string[]): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    seen.push(`${init?.method} ${url}`);
    const data = url.includes("/search/") ? ANSWERS.search : init?.method === "POST" ? ANSWERS.issue : ANSWERS.repo;
    return new Response(JSON.stringify(data), { headers: { "content-type": "application/json" } });
  };
}

test("replaced before forgekit is imported (test/helpers/mocked.ts imports it on first use)", async () => {
  const seen: string[] = [];
  globalThis.fetch = replacement(seen);
  assert.equal(await exercise(), ANSWERS);
  assert.equal(seen, [
    `GET ${API}/repos/o/r`,
    `POST ${API}/repos/o/r/issues`,
    `GET ${API}/search/issues?${SEARCH.wire}`,
  ]);
});

test("replaced after forgekit has sent with the runtime's own fetch in place", async () => {
  globalThis.fetch = own;
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(ANSWERS.repo));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { default: forgekit } = await import("../../plugins/presets/full.js");
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = forgekit({ baseUrl, auth: TOKEN, retry: false });
    assert.equal((await client.repos.get({ owner: "o", repo: "r" })).data, ANSWERS.repo);
    assert.equal(received, ["GET /repos/o/r"]);
    const seen: string[] = [];
    globalThis.fetch = replacement(seen);
    assert.equal((await client.repos.get({ owner: "o", repo: "r" })).data, ANSWERS.repo);
    assert.equal(received, ["GET /repos/o/r"], "the second request went to the replacement");
    assert.equal(seen, [`GET ${baseUrl}/repos/o/r`]);
    assert.equal(await exercise(), ANSWERS);
    assert.is(seen.length, 4);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

// A replacement that carries Node's own name and shape is still a replacement: the transport
// choice recognises Node's fetch by what only Node's code reaches (plugins/agent/transport-choice.ts).
test("a replacement written as `async function fetch(input, init)` is seen as one", async () => {
  const seen: string[] = [];
  const answer = replacement(seen);
  globalThis.fetch = async function fetch(input: string | URL | Request, init: RequestInit | undefined = undefined) {
    return answer(input, init);
  } as typeof globalThis.fetch;
  assert.equal(await exercise(), ANSWERS);
  assert.is(seen.length, 3);
});

// release-it passes a proxy agent (`request.agent`) and its tests mock fetch only (mentoss):
// @octokit/rest v22 ignores the agent, so the mock sees the requests. node:http with the agent
// would go past the mock, to the proxy (plugins/agent/transport-choice.ts).
test("with an agent given, the replaced fetch still sees every request; one warning names the agent", async () => {
  const seen: string[] = [];
  globalThis.fetch = replacement(seen);
  const warnings: string[] = [];
  const log = { debug() {}, info() {}, warn: (message: string) => void warnings.push(message), error() {} };
  const { Octokit } = await import("../../plugins/presets/full.js");
  const octokit = new Octokit({ baseUrl: API, auth: TOKEN, request: { agent: new Agent() }, log });
  assert.equal((await octokit.rest.repos.get({ owner: "o", repo: "r" })).data, ANSWERS.repo);
  const perCall = { owner: "o", repo: "r", title: "t", request: { agent: new Agent() } };
  assert.equal((await octokit.rest.issues.create(perCall)).data, ANSWERS.issue);
  assert.equal(seen, [`GET ${API}/repos/o/r`, `POST ${API}/repos/o/r/issues`]);
  assert.is(warnings.length, 1);
  assert.match(warnings[0]!, /^The agent option is not used: globalThis\.fetch .* is mocked/);
});

// Only the drop-in Octokit yields its agent to a fetch mock: forgekit() and Client always send
// with the agent, so a wrapped globalThis.fetch (an APM's instrumentation) cannot route
// requests around a proxy agent. Sent here to a loopback server through the agent.
test("forgekit() with an agent sends through the agent even when globalThis.fetch is replaced", async () => {
  const seen: string[] = [];
  globalThis.fetch = replacement(seen);
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(ANSWERS.repo));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const agent = new HttpAgent();
    const sockets: unknown[] = [];
    const createConnection = agent.createConnection.bind(agent);
    agent.createConnection = ((...args: Parameters<typeof createConnection>) => {
      sockets.push(args[0]);
      return createConnection(...args);
    }) as typeof agent.createConnection;
    const warnings: string[] = [];
    const log = { debug() {}, info() {}, warn: (message: string) => void warnings.push(message), error() {} };
    const { default: forgekit } = await import("../../plugins/presets/full.js");
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = forgekit({ baseUrl, auth: TOKEN, request: { agent }, log, retry: false });
    assert.equal((await client.repos.get({ owner: "o", repo: "r" })).data, ANSWERS.repo);
    assert.equal(received, ["GET /repos/o/r"]);
    assert.equal(seen, []);
    assert.is(sockets.length, 1, "the request went through the given agent");
    assert.equal(warnings, []);
    agent.destroy();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test.run();
