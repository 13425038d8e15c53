import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, isParameterError } from "../../kernel/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { paged } from "../helpers/paginate-pages.js";

// Servers that answer pagination wrongly, as broken proxies, mocks and attackers do
// (issue 23): Link cycles must end, and a wrapper's keys must not reshape the page array.
const test = suite("plugins: paginate against a broken or hostile server");
const Paged = Client.plugin([paginate]);
let server: TestServer;
const sent = (path: string) => server.requests.filter((r) => r.path === path).length;
const link = (path: string) => ({ link: `<${server.url}${path}>; rel="next"` });
/** A wrapped list whose body (raw JSON: an object literal cannot hold a "__proto__" key) carries `extra`. */
const wrapped = (extra: string) => ({
  headers: { "content-type": "application/json" },
  body: `{"total_count":2,${extra},"items":[{"id":1},{"id":2}]}`,
});

test.before(async () => {
  server = await startServer({
    "GET /a": (req) => ({ headers: link(`/b?${req.query}`), body: ["a"] }),
    "GET /b": (req) => ({ headers: link(`/a?${req.query}`), body: ["b"] }),
    // Links that drop the query: the first page (sent with per_page=100) is not linked to again.
    "GET /c": () => ({ headers: link("/d"), body: ["c"] }),
    "GET /d": () => ({ headers: link("/c"), body: ["d"] }),
    "GET /f": (req) => ({ headers: link(`/f?page=1&per_page=5#${req.query.get("page")}`), body: ["f"] }),
    // Two pages whose links carry fragments: /g1 → /g2#x → /g1#y.
    "GET /g1": (req) => ({ headers: link(`/g2?${req.query}#x`), body: ["g1"] }),
    "GET /g2": (req) => ({ headers: link(`/g1?${req.query}#y`), body: ["g2"] }),
    "GET /q": (req) =>
      req.query.get("page") === "2"
        ? { headers: link("/q?per_page=5&page=1"), body: ["q2"] }
        : { headers: link("/q?page=2&per_page=5"), body: ["q1"] },
    "GET /many": paged("/many", { pages: 10 }),
    "GET /proto": wrapped(`"__proto__":{"polluted":true}`),
    "GET /members": wrapped(`"constructor":1,"length":7,"map":"x","incomplete_results":false`),
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

test("pages A ↔ B: stops at the link back to A with a warning and the items so far", async () => {
  const warn = sinon.spy();
  const items = await new Paged({ baseUrl: server.url, log: { warn } }).paginate("GET /a");
  assert.equal(items, ["a", "b"]);
  assert.is(server.requests.length, 2, "no request after the cycle closed");
  assert.is(warn.callCount, 1);
  assert.match(
    warn.firstCall.args[0],
    /rel="next" names page 1, read before \(.*\/a\?per_page=100\); stopping with the items so far/,
  );
});

test("pages C ↔ D whose links drop the first page's query: at most 3 requests past the first two", async () => {
  const warn = sinon.spy();
  const items = await new Paged({ baseUrl: server.url, log: { warn } }).paginate("GET /c");
  assert.ok(server.requests.length <= 5, `${server.requests.length} requests`);
  assert.equal(items.slice(0, 2), ["c", "d"]);
  assert.is(items.length, server.requests.length);
  assert.is(warn.callCount, 1);
  assert.match(warn.firstCall.args[0], /read before/);
});

test("the same page under a fragment is the same page", async () => {
  const warn = sinon.spy();
  const items = await new Paged({ baseUrl: server.url, log: { warn } }).paginate("GET /f?page=1&per_page=5");
  assert.equal(items, ["f"]);
  assert.is(sent("/f"), 1);
  assert.match(warn.firstCall.args[0], /names the page just read/);
});

test("pages under fragments, /g1 → /g2#x → /g1#y: two requests and a warning, through paginate and its iterator", async () => {
  const warn = sinon.spy();
  const client = new Paged({ baseUrl: server.url, log: { warn } });
  assert.equal(await client.paginate("GET /g1"), ["g1", "g2"]);
  assert.is(server.requests.length, 2, "no request after the cycle closed");
  const pages: unknown[] = [];
  for await (const page of client.paginate.iterator("GET /g1")) pages.push(...page.data);
  assert.equal(pages, ["g1", "g2"]);
  assert.is(server.requests.length, 4, "no request after the cycle closed");
  assert.is(warn.callCount, 2);
  for (const call of warn.getCalls()) assert.match(call.args[0], /rel="next" names page 1, read before/);
});

test("the same query in another order is the same page", async () => {
  const warn = sinon.spy();
  const items = await new Paged({ baseUrl: server.url, log: { warn } }).paginate("GET /q?page=1&per_page=5");
  assert.equal(items, ["q1", "q2"]);
  assert.is(sent("/q"), 2);
  assert.match(warn.firstCall.args[0], /names page 1, read before/);
});

test("maxPages stops after that many pages; the last checkpoint resumes where it stopped", async () => {
  const client = new Paged({ baseUrl: server.url });
  const checkpoints: unknown[] = [];
  const items = await client.paginate("GET /many", {}, { maxPages: 3, onCheckpoint: (c) => checkpoints.push(c) });
  assert.is(items.length, 6);
  assert.is(sent("/many"), 3);
  const last = checkpoints.at(-1) as { url: string; count: number };
  assert.match(last.url, /page=4/);
  const rest = await client.paginate("GET /many", {}, { resume: last });
  assert.is(rest.length, 14);
});

test("maxPages must be a whole number ≥ 1, checked before any request", async () => {
  for (const maxPages of [0, 1.5, -1, "3"]) {
    const error = await new Paged({ baseUrl: server.url })
      .paginate("GET /many", {}, { maxPages: maxPages as number })
      .catch((e: unknown) => e);
    assert.ok(isParameterError(error), String(maxPages));
    assert.match((error as Error).message, /maxPages is .*; pass a whole number ≥ 1/);
  }
  assert.is(server.requests.length, 0);
});

test('a "__proto__" key in a wrapped list is not copied: the page stays a plain array', async () => {
  const client = new Paged({ baseUrl: server.url });
  const check = (data: unknown[]) => {
    assert.ok(Array.isArray(data));
    assert.is(Object.getPrototypeOf(data), Array.prototype);
    assert.not.ok(Object.hasOwn(data, "__proto__"));
    assert.is((data as { polluted?: unknown }).polluted, undefined);
    assert.is((data as { total_count?: number }).total_count, 2);
  };
  for await (const page of client.paginate.iterator("GET /proto")) check(page.data);
  for await (const page of client.paginate.iterator("GET /proto", {}, { maxItems: 1 })) check(page.data);
  const titles = await client.paginate("GET /proto", (response) => response.data.map((item) => item.id));
  assert.equal(titles, [1, 2]);
  assert.is(({} as { polluted?: unknown }).polluted, undefined, "Object.prototype untouched");
});

test("wrapper keys that name array members (constructor, length, map) leave the array working", async () => {
  const client = new Paged({ baseUrl: server.url });
  for await (const page of client.paginate.iterator("GET /members", {}, { maxItems: 1 })) {
    assert.is(page.data.length, 1);
    assert.is(page.data.constructor, Array);
    assert.is(typeof page.data.map, "function");
    assert.is(page.data.incomplete_results, false);
  }
  assert.equal(await client.paginate("GET /members"), [{ id: 1 }, { id: 2 }]);
});

test.run();
