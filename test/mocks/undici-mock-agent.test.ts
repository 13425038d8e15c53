// undici's MockAgent installed as the global dispatcher (the fetch layer's own mock, which
// Node's fetch reads): the transport choice sees a dispatcher that is not undici's plain
// `Agent` and sends with fetch, so the mock answers every request, from the drop-in `Octokit`
// and from forgekit()'s client alike (plugins/agent/transport-choice.ts). With net connect
// disabled, a request that went past it would fail instead of leaving the machine.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher } from "undici";
import { ANSWERS, API, SEARCH, TOKEN, exercise } from "../helpers/mocked.js";

const original = getGlobalDispatcher();
const agent = new MockAgent();
const seen: string[] = [];

test.before(() => {
  agent.disableNetConnect();
  setGlobalDispatcher(agent);
  const pool = agent.get(API);
  const json = { headers: { "content-type": "application/json" } };
  const record =
    (answer: unknown, status = 200) =>
    (options: { method: string; path: string; headers: unknown }) => {
      const headers = new Headers(options.headers as HeadersInit);
      seen.push(`${options.method} ${options.path} ${headers.get("authorization")}`);
      return { statusCode: status, data: JSON.stringify(answer), responseOptions: json };
    };
  pool.intercept({ path: "/repos/o/r", method: "GET" }).reply(record(ANSWERS.repo)).times(2);
  pool.intercept({ path: "/repos/o/r/issues", method: "POST" }).reply(record(ANSWERS.issue, 201));
  pool.intercept({ path: `/search/issues?${SEARCH.wire}`, method: "GET" }).reply(record(ANSWERS.search));
});
test.after(async () => {
  setGlobalDispatcher(original);
  await agent.close();
});

test("a MockAgent as the global dispatcher sees every request; nothing reaches the network", async () => {
  assert.equal(await exercise(), ANSWERS);
  const { default: forgekit } = await import("../../plugins/presets/full.js");
  const client = forgekit({ baseUrl: API, auth: TOKEN, retry: false });
  assert.equal((await client.repos.get({ owner: "o", repo: "r" })).data, ANSWERS.repo);
  assert.equal(seen, [
    `GET /repos/o/r token ${TOKEN}`,
    `POST /repos/o/r/issues token ${TOKEN}`,
    `GET /search/issues?${SEARCH.wire} token ${TOKEN}`,
    `GET /repos/o/r token ${TOKEN}`,
  ]);
  agent.assertNoPendingInterceptors();
});

test.run();
