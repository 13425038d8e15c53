// fetch-mock replaces globalThis.fetch; with its default settings an unmatched call throws
// rather than falling back to the network.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fetchMock from "fetch-mock";
import { ANSWERS, API, SEARCH, TOKEN, exercise } from "../helpers/mocked.js";

test.before(() => {
  fetchMock.mockGlobal();
  fetchMock.route(`${API}/repos/o/r`, ANSWERS.repo, { method: "GET" });
  fetchMock.route(`${API}/repos/o/r/issues`, { status: 201, body: ANSWERS.issue }, { method: "POST" });
  fetchMock.route(`${API}/search/issues?${SEARCH.wire}`, ANSWERS.search, { method: "GET" });
});
test.after(() => fetchMock.unmockGlobal());

test("fetch-mock sees every request; nothing reaches the network", async () => {
  assert.equal(await exercise(), ANSWERS);
  const calls = fetchMock.callHistory.calls();
  assert.equal(
    calls.map((call) => `${call.options.method?.toUpperCase()} ${call.url}`),
    [`GET ${API}/repos/o/r`, `POST ${API}/repos/o/r/issues`, `GET ${API}/search/issues?${SEARCH.wire}`],
  );
  assert.is((calls[0]!.options.headers as Record<string, string>).authorization, `token ${TOKEN}`);
});

test.run();
