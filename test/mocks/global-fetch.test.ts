// A test that replaces globalThis.fetch itself, before forgekit is imported and after: every
// request goes to the replacement, read when the request is sent.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ANSWERS, API, SEARCH, exercise } from "../helpers/mocked.js";

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

test("replaced after forgekit is imported (and used)", async () => {
  const seen: string[] = [];
  globalThis.fetch = replacement(seen);
  assert.equal(await exercise(), ANSWERS);
  assert.is(seen.length, 3);
});

test.run();
