import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, isHttpError, type HttpError } from "../../kernel/index.js";
import { startMockServer, type MockServer } from "../server/index.js";

const test = suite("testing: rate limits, conditional requests and authentication");
let server: MockServer;
let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
const repo = { owner: "octocat", repo: "hello-world" };

test.before(async () => {
  server = await startMockServer({ now: () => clock });
});
test.after(() => server.close());
test.before.each(() => {
  server.reset();
  clock = Date.UTC(2026, 0, 1, 12, 0, 0);
});

const as = (token?: string) =>
  new Client({ baseUrl: server.url, ...(token ? { headers: { authorization: `token ${token}` } } : {}) });

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (isHttpError(error)) return error;
    throw error;
  }
  throw new Error("expected an HttpError");
}

test("x-ratelimit-* decrement per credential, with a reset an hour after the first request", async () => {
  const alice = as("alice-token");
  const first = await alice.request("GET /repos/{owner}/{repo}", repo);
  clock += 5000;
  const second = await alice.request("GET /user");
  const bob = await as("bob-token").request("GET /user");
  assert.equal(
    [first.headers["x-ratelimit-limit"], first.headers["x-ratelimit-remaining"], first.headers["x-ratelimit-used"]],
    ["5000", "4999", "1"],
  );
  assert.equal([second.headers["x-ratelimit-remaining"], second.headers["x-ratelimit-used"]], ["4998", "2"]);
  assert.is(bob.headers["x-ratelimit-remaining"], "4999", "another credential has its own window");
  assert.is(first.headers["x-ratelimit-reset"], String(clock / 1000 - 5 + 3600));
  assert.is(second.headers["x-ratelimit-reset"], first.headers["x-ratelimit-reset"]);
  assert.is(first.headers["x-ratelimit-resource"], "core");
  assert.is(first.headers["cache-control"], "private, max-age=60, s-maxage=60");
});

test("anonymous callers get 60 an hour; the search bucket is separate", async () => {
  const anonymous = as();
  const core = await anonymous.request("GET /repos/{owner}/{repo}", repo);
  const search = await anonymous.request("GET /search/repositories", { q: "forgekit" });
  const code = await anonymous.request("GET /search/code", { q: "forgekit" });
  assert.equal([core.headers["x-ratelimit-limit"], core.headers["x-ratelimit-remaining"]], ["60", "59"]);
  assert.equal(
    [
      search.headers["x-ratelimit-resource"],
      search.headers["x-ratelimit-limit"],
      search.headers["x-ratelimit-remaining"],
    ],
    ["search", "10", "9"],
  );
  assert.equal([code.headers["x-ratelimit-resource"], code.headers["x-ratelimit-remaining"]], ["code_search", "9"]);
  assert.is(Number(search.headers["x-ratelimit-reset"]), clock / 1000 + 60);
});

test("the window resets when the clock passes x-ratelimit-reset", async () => {
  const client = as("t");
  const before = await client.request("GET /user");
  await client.request("GET /user");
  clock = Number(before.headers["x-ratelimit-reset"]) * 1000;
  const after = await client.request("GET /user");
  assert.is(after.headers["x-ratelimit-remaining"], "4999");
  assert.is(Number(after.headers["x-ratelimit-reset"]), clock / 1000 + 3600);
});

test("a used-up window answers 403 with x-ratelimit-remaining: 0; GET /rate_limit still answers", async () => {
  const limited = await startMockServer({ now: () => clock, rateLimit: { core: 2 } });
  try {
    const client = new Client({ baseUrl: limited.url, headers: { authorization: "token t" } });
    await client.request("GET /user");
    const last = await client.request("GET /user");
    assert.is(last.headers["x-ratelimit-remaining"], "0");
    const error = await failure(client.request("GET /user"));
    assert.is(error.status, 403);
    assert.is(error.headers["x-ratelimit-remaining"], "0");
    assert.match(
      error.message,
      /403 Forbidden: API rate limit exceeded for this credential\. \(https:\/\/docs\.github\.com\/rest\/using-the-rest-api\/rate-limits-for-the-rest-api\)/,
    );
    const { data } = await client.request("GET /rate_limit");
    assert.equal((data as { resources: { core: unknown } }).resources.core, {
      limit: 2,
      used: 2,
      remaining: 0,
      reset: clock / 1000 + 3600,
    });
  } finally {
    await limited.close();
  }
});

test("ETag + If-None-Match → 304, which does not count against the rate limit", async () => {
  const client = as("etag-token");
  const first = await client.request("GET /repos/{owner}/{repo}", repo);
  const error = await failure(
    client.request("GET /repos/{owner}/{repo}", { ...repo, headers: { "if-none-match": first.headers.etag! } }),
  );
  assert.is(error.status, 304);
  assert.is(error.headers.etag, first.headers.etag);
  assert.is(error.headers["x-ratelimit-remaining"], "4999", "the 304 shows the count unchanged");
  assert.is(error.response.data, undefined);
  const third = await client.request("GET /repos/{owner}/{repo}", repo);
  assert.is(third.headers["x-ratelimit-remaining"], "4998");
  assert.equal(
    server.requests.map((r) => r.status),
    [200, 304, 200],
  );
});

test("a stale ETag gets the full 200; pages of a list have different ETags", async () => {
  const client = as();
  const fresh = await client.request("GET /repos/{owner}/{repo}", {
    ...repo,
    headers: { "if-none-match": 'W/"stale"' },
  });
  assert.is(fresh.status, 200);
  const page1 = await client.request("GET /repos/{owner}/{repo}/issues", { ...repo, page: 1 });
  const page2 = await client.request("GET /repos/{owner}/{repo}/issues", { ...repo, page: 2 });
  assert.is.not(page1.headers.etag, page2.headers.etag);
});

test("requireAuth: 401 Requires authentication without credentials, not counted", async () => {
  const locked = await startMockServer({ requireAuth: true, now: () => clock });
  try {
    const error = await failure(new Client({ baseUrl: locked.url }).request("GET /user"));
    assert.is(error.status, 401);
    assert.equal(error.response.data, {
      message: "Requires authentication",
      documentation_url: "https://docs.github.com/rest",
      status: "401",
    });
    assert.is(error.headers["x-ratelimit-remaining"], "60");
    const ok = await new Client({ baseUrl: locked.url, headers: { authorization: "bearer anything" } }).request(
      "GET /user",
    );
    assert.is(ok.status, 200);
  } finally {
    await locked.close();
  }
});

test("tokens: other credentials get 401 Bad credentials", async () => {
  const locked = await startMockServer({ tokens: ["ghp_good"] });
  try {
    const error = await failure(
      new Client({ baseUrl: locked.url, headers: { authorization: "token ghp_bad" } }).request("GET /user"),
    );
    assert.is(error.status, 401);
    assert.match(error.message, /401 Unauthorized: Bad credentials/);
    assert.not.match(error.message, /ghp_bad/);
    const ok = await new Client({ baseUrl: locked.url, headers: { authorization: "Bearer ghp_good" } }).request(
      "GET /user",
    );
    assert.is(ok.status, 200);
  } finally {
    await locked.close();
  }
});

test.run();
