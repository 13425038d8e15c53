import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, isHttpError, isParameterError } from "../../kernel/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { paged } from "../helpers/paginate-pages.js";

const test = suite("plugins: paginate");
const Paged = Client.plugin([paginate]);
let server: TestServer;
let other: TestServer;
let client: InstanceType<typeof Paged>;

test.before(async () => {
  other = await startServer({ "GET /elsewhere": paged("/elsewhere", { pages: 2 }) });
  server = await startServer({
    "GET /repos/octocat/hello-world/issues": paged("/repos/octocat/hello-world/issues", { pages: 3 }),
    "GET /long": paged("/long", { pages: 25 }),
    "GET /search/issues": paged("/search/issues", { pages: 2, wrap: "items", totalCount: 4 }),
    "GET /search/code": paged("/search/code", { pages: 2, wrap: "items", totalCount: 5000 }),
    "GET /repos/o/r/actions/runs": paged("/repos/o/r/actions/runs", { pages: 2, wrap: "workflow_runs" }),
    "GET /installation/repositories": {
      body: { total_count: 1, repository_selection: "selected", repositories: [{ id: 7 }] },
    },
    "GET /two-lists": { body: { total_count: 2, commits: [1], files: [2] } },
    "GET /repos/o/r/commits/abc": { body: { sha: "abc", files: [{ filename: "a.md" }] } },
    "GET /repos/o/empty/commits": {
      status: 409,
      body: { message: "Git Repository is empty.", documentation_url: "https://docs.github.com/rest" },
    },
    "GET /repos/o/conflict/commits": { status: 409, body: { message: "Conflict" } },
    "GET /hop": () => ({ headers: { link: `<${other.url}/elsewhere?page=1>; rel="next"` }, body: [{ id: 0 }] }),
    "GET /loop": (req) => ({ headers: { link: `<${server.url}${req.url}>; rel="next"` }, body: [1] }),
    "POST /things": { body: [{ id: 1 }] },
  });
});
test.after(async () => {
  await server.close();
  await other.close();
});
test.before.each(() => {
  server.requests.length = 0;
  other.requests.length = 0;
  client = new Paged({ baseUrl: server.url });
});

test("docs/pagination.md: every page of GET /repos/{owner}/{repo}/issues in one array, then mapped to titles", async () => {
  const issues = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world" });
  assert.is(issues.length, 6);
  assert.equal(
    issues.map((i) => i.id),
    [1, 2, 3, 4, 5, 6],
  );
  const titles = await client.paginate(
    "GET /repos/{owner}/{repo}/issues",
    { owner: "octocat", repo: "hello-world" },
    (response) => response.data.map((issue: { title: string }) => issue.title),
  );
  assert.equal(titles, ["issue 1", "issue 2", "issue 3", "issue 4", "issue 5", "issue 6"]);
  assert.equal(
    server.requests.slice(0, 3).map((r) => r.url),
    [
      "/repos/octocat/hello-world/issues?per_page=100",
      "/repos/octocat/hello-world/issues?per_page=100&page=2",
      "/repos/octocat/hello-world/issues?per_page=100&page=3",
    ],
  );
});

test("options from endpoint.merge() as the only argument; an endpoint method with params", async () => {
  const options = client.request.endpoint.merge("GET /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello-world",
  });
  assert.is((await client.paginate(options)).length, 6);
  const listForRepo = client.request.defaults({ method: "GET", url: "/repos/{owner}/{repo}/issues" });
  assert.is((await client.paginate(listForRepo, { owner: "octocat", repo: "hello-world", per_page: 2 })).length, 6);
  assert.is(server.requests.at(-3)!.url, "/repos/octocat/hello-world/issues?per_page=2");
});

test("an endpoint method whose routes load lazily (browser chunks) is loaded first", async () => {
  const real = client.request.defaults({ method: "GET", url: "/repos/{owner}/{repo}/issues" });
  let loaded = false;
  const lazy = Object.assign((params?: object) => real(params), { load: async () => ((loaded = true), real) });
  Object.defineProperty(lazy, "endpoint", {
    get: () => {
      if (!loaded) throw new Error("routes not loaded yet");
      return real.endpoint;
    },
  });
  assert.is((await client.paginate(lazy as never, { owner: "octocat", repo: "hello-world" })).length, 6);
  assert.ok(loaded);
});

test("iterator over 25 pages, leaving the loop after 3: the server saw exactly 3 requests", async () => {
  let pages = 0;
  for await (const page of client.paginate.iterator("GET /long")) {
    assert.is(page.data.length, 2);
    if (++pages === 3) break;
  }
  assert.is(pages, 3);
  assert.is(server.requests.length, 3);
  assert.is(server.requests[2]!.query.get("page"), "3");
});

test("mapFn's done() stops after the current page", async () => {
  const seen: number[] = [];
  const ids = await client.paginate("GET /long", (response, done) => {
    seen.push(response.status);
    if (seen.length === 2) done();
    return response.data.map((item: { id: number }) => item.id);
  });
  assert.equal(ids, [1, 2, 3, 4]);
  assert.is(server.requests.length, 2);
});

test("a search response is unwrapped; total_count and incomplete_results stay readable on each page", async () => {
  const totals: unknown[] = [];
  const items = await client.paginate("GET /search/issues", { q: "is:open" }, (response) => {
    totals.push([response.data.total_count, response.data.incomplete_results]);
    return response.data;
  });
  assert.equal(
    items.map((i) => i.id),
    [1, 2, 3, 4],
  );
  assert.equal(totals, [
    [4, false],
    [4, false],
  ]);
  assert.is(server.requests[0]!.url, "/search/issues?q=is%3Aopen&per_page=100");
});

test("other wrappers are detected generically: workflow_runs, repositories with repository_selection", async () => {
  assert.equal(
    (await client.paginate("GET /repos/{owner}/{repo}/actions/runs", { owner: "o", repo: "r" })).map((r) => r.id),
    [1, 2, 3, 4],
  );
  const [page] = await client.paginate("GET /installation/repositories", (response) => [response.data]);
  assert.equal([...page!], [{ id: 7 }]);
  assert.is(page!.repository_selection, "selected");
  assert.is(page!.total_count, 1);
  const [whole] = await client.paginate("GET /two-lists");
  assert.equal(whole, { total_count: 2, commits: [1], files: [2] }, "two arrays: not a list wrapper, kept whole");
});

test("paginate.iterator yields an object answer as it is, as paginate() and @octokit do", async () => {
  const pages = [];
  for await (const page of client.paginate.iterator("GET /repos/{owner}/{repo}/commits/{ref}", {
    owner: "o",
    repo: "r",
    ref: "abc",
  }))
    pages.push(page.data);
  assert.equal(pages, [{ sha: "abc", files: [{ filename: "a.md" }] }]);
  const [whole] = await client.paginate("GET /repos/{owner}/{repo}/commits/{ref}", {
    owner: "o",
    repo: "r",
    ref: "abc",
  });
  assert.equal(whole, pages[0]);
});

test("a search over GitHub's 1,000-result cap warns once through log.warn", async () => {
  const warn = sinon.spy();
  const logged = new Paged({ baseUrl: server.url, log: { warn } });
  await logged.paginate("GET /search/code", { q: "x" });
  await logged.paginate("GET /search/code", { q: "y" });
  await logged.paginate("GET /search/issues", { q: "x" });
  assert.is(warn.callCount, 1);
  assert.match(warn.firstCall.args[0], /GET \/search\/code.*5000 results.*at most 1000/);
});

test("409 'Git Repository is empty.' is an empty list; another 409 still rejects", async () => {
  assert.equal(await client.paginate("GET /repos/{owner}/{repo}/commits", { owner: "o", repo: "empty" }), []);
  const statuses: number[] = [];
  for await (const page of client.paginate.iterator("GET /repos/{owner}/{repo}/commits", { owner: "o", repo: "empty" }))
    statuses.push(page.status, page.data.length);
  assert.equal(statuses, [409, 0]);
  const error = await client
    .paginate("GET /repos/{owner}/{repo}/commits", { owner: "o", repo: "conflict" })
    .catch((e) => e);
  assert.ok(isHttpError(error));
  assert.is(error.status, 409);
});

test("per_page=100 only for GET and only when the caller set none; per_page: null sends none", async () => {
  await client.paginate("GET /long", { per_page: 5, page: 25 });
  assert.is(server.requests[0]!.url, "/long?per_page=5&page=25");
  await client.paginate("GET /long", { per_page: null, page: 25 });
  assert.is(server.requests[1]!.url, "/long?page=25");
  await client.paginate("POST /things", { name: "x" });
  assert.is(server.requests[2]!.body, '{"name":"x"}');
});

test("following pages keep the first request's headers but not its parameters", async () => {
  await client.paginate("GET /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello-world",
    state: "open",
    headers: { "x-trace": "t" },
  });
  assert.is(server.requests.length, 3);
  for (const request of server.requests) assert.is(request.headers["x-trace"], "t");
  assert.is(
    server.requests[1]!.url,
    "/repos/octocat/hello-world/issues?state=open&per_page=100&page=2",
    "params appear once, from the Link URL",
  );
});

test("a Link to another origin is followed without the credential headers given in options", async () => {
  const withHeaders = new Paged({
    baseUrl: server.url,
    headers: { authorization: "token ghp_secret", cookie: "c=1", "x-keep": "1" },
  });
  const items = await withHeaders.paginate("GET /hop");
  assert.is(items.length, 5);
  assert.is(server.requests[0]!.headers.authorization, "token ghp_secret");
  assert.is(other.requests.length, 2);
  for (const request of other.requests) {
    assert.is(request.headers.authorization, undefined);
    assert.is(request.headers.cookie, undefined);
    assert.is(request.headers["x-keep"], "1");
  }
});

test("a Link whose rel=next names the same page stops with a warning instead of looping", async () => {
  const warn = sinon.spy();
  const items = await new Paged({ baseUrl: server.url, log: { warn } }).paginate("GET /loop");
  assert.equal(items, [1]);
  assert.is(server.requests.length, 1);
  assert.match(warn.firstCall.args[0], /names the page just read/);
});

test("debug lines go to log.debug with namespace paginate", async () => {
  const debug = sinon.spy();
  await new Paged({ baseUrl: server.url, log: { debug } }).paginate("GET /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello-world",
  });
  assert.is(debug.callCount, 3);
  assert.equal(debug.firstCall.args[1], { namespace: "paginate" });
  assert.match(
    debug.firstCall.args[0],
    /GET \/repos\/\{owner\}\/\{repo\}\/issues page 1: 2 items, 2 so far, next http/,
  );
  assert.match(debug.lastCall.args[0], /page 3: 2 items, 6 so far, last page/);
});

test("bad input throws a ParameterError naming the fix, before anything is sent", async () => {
  const cases: Array<() => Promise<unknown>> = [
    () => client.paginate(42 as never),
    () => client.paginate("GET /long", {}, { maxItems: -1 }),
    () => client.paginate("GET /long", {}, { resume: { url: "ftp://x", count: 1 } }),
    () => client.paginate("GET /long", {}, { resume: { count: 1 } as never }),
    () => client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o" }),
    () => client.paginate.iterator("GET /long", {}, { map: () => [] }).next(),
  ];
  for (const run of cases) {
    const error = await run().catch((e) => e);
    assert.ok(isParameterError(error), String(error));
    assert.match(error.message, /pass|use|map/);
  }
  assert.is(server.requests.length, 0);
});

test.run();
