import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "../../kernel/index.js";
import { startMockServer, type MockServer } from "../server/index.js";

const test = suite("testing: list operations and Link pagination");
let server: MockServer;
let client: Client;

test.before(async () => {
  server = await startMockServer({ totalItems: 95 });
  client = new Client({ baseUrl: server.url });
});
test.after(() => server.close());

/** `{ next: "…", last: "…" }` from a Link header. */
function links(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, url, rel] of (header ?? "").matchAll(/<([^>]+)>; rel="(\w+)"/g)) out[rel!] = url!;
  return out;
}

test("issues.listForRepo: 30 items by default, Link next and last", async () => {
  const { data, headers } = await client.request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  const issues = data as Array<{ id: number; number: number; title: string }>;
  assert.is(issues.length, 30);
  assert.is(typeof issues[0]!.title, "string");
  assert.is(new Set(issues.map((issue) => issue.id)).size, 30, "every item has its own id");
  assert.is(issues[1]!.number, issues[0]!.number + 1);
  assert.equal(links(headers.link), {
    next: `${server.url}/repos/o/r/issues?page=2`,
    last: `${server.url}/repos/o/r/issues?page=4`,
  });
});

test("following Link next to the end yields totalItems items, with prev/first on later pages", async () => {
  let url: string | undefined = "/repos/o/r/issues?per_page=40";
  const ids: number[] = [];
  const seen: Array<Record<string, string>> = [];
  while (url) {
    const response = await client.request(`GET ${url}`);
    ids.push(...(response.data as Array<{ id: number }>).map((issue) => issue.id));
    seen.push(links(response.headers.link));
    url = seen.at(-1)!.next;
  }
  assert.is(ids.length, 95);
  assert.is(new Set(ids).size, 95);
  assert.equal(Object.keys(seen[1]!).sort(), ["first", "last", "next", "prev"]);
  assert.equal(seen[2], {
    prev: `${server.url}/repos/o/r/issues?per_page=40&page=2`,
    first: `${server.url}/repos/o/r/issues?per_page=40&page=1`,
  });
});

test("per_page is capped at 100; a page past the end is empty", async () => {
  const big = await client.request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 500 });
  assert.is((big.data as unknown[]).length, 95);
  assert.is(big.headers.link, undefined, "one page holds everything: no Link");
  const past = await client.request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", page: 9 });
  assert.equal(past.data, []);
  assert.equal(Object.keys(links(past.headers.link)).sort(), ["first", "prev"]);
});

test("search: total_count is the number of items, items are paginated", async () => {
  const { data, headers } = await client.request("GET /search/issues", { q: "is:open", per_page: 10, page: 2 });
  const result = data as { total_count: number; incomplete_results: boolean; items: unknown[] };
  assert.is(result.total_count, 95);
  assert.is(result.incomplete_results, false);
  assert.is(result.items.length, 10);
  assert.is(links(headers.link).last, `${server.url}/search/issues?q=is%3Aopen&per_page=10&page=10`);
  assert.is(headers["x-ratelimit-resource"], "search");
});

test("wrapped lists (actions.listWorkflowRunsForRepo) paginate their array property", async () => {
  const { data } = await client.request("GET /repos/{owner}/{repo}/actions/runs", {
    owner: "o",
    repo: "r",
    per_page: 7,
  });
  const result = data as { total_count: number; workflow_runs: unknown[] };
  assert.is(result.total_count, 95);
  assert.is(result.workflow_runs.length, 7);
});

test("pageSize sets the default per_page", async () => {
  const small = await startMockServer({ pageSize: 5, totalItems: 12 });
  try {
    const other = new Client({ baseUrl: small.url });
    const { data, headers } = await other.request("GET /orgs/{org}/repos", { org: "github" });
    assert.is((data as unknown[]).length, 5);
    assert.is(links(headers.link).last, `${small.url}/orgs/github/repos?page=3`);
  } finally {
    await small.close();
  }
});

test.run();
