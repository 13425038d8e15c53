import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, HttpError, isHttpError, type Response } from "../../kernel/index.js";
import { cache } from "../../plugins/cache/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { etagOf, etagRoute, gate, lastModifiedRoute, until } from "../helpers/cache-routes.js";

const test = suite("plugins: cache (conditional requests)");
const Cached = Client.plugin([cache]);
const repo = { id: 1, name: "r", owner: { login: "o" } };
let server: TestServer;
let client: InstanceType<typeof Cached>;

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r": etagRoute(() => repo),
    "HEAD /repos/o/r": etagRoute(() => repo),
    "POST /repos/o/r": { status: 201, body: {} },
    "GET /lm": lastModifiedRoute({ lm: true }, new Date("2024-05-01T10:00:00Z")),
    "GET /variant": etagRoute((req) => ({ accept: req.headers.accept, auth: req.headers.authorization ?? null })),
    "GET /plain": { headers: { "x-ratelimit-remaining": "1" }, body: { validator: false } },
    "GET /no-store": { headers: { etag: '"ns"', "cache-control": "no-store" }, body: { stored: false } },
  });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  client = new Cached({ baseUrl: server.url, cache: true });
});

const get = (url: string, params = {}) => client.request(`GET ${url}`, params);
const sent = (i: number, name: string) => server.requests[i]!.headers[name];

test("a second GET sends If-None-Match; the 304 resolves with status 200, the cached data and the 304's fresh headers", async () => {
  const first = await get("/repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const second = await get("/repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is(server.requests.length, 2);
  assert.is(sent(0, "if-none-match"), undefined);
  assert.is(sent(1, "if-none-match"), etagOf(repo));
  assert.is(second.status, 200);
  assert.equal(second.data, repo);
  assert.equal(second.data, first.data);
  assert.is.not(second.data, first.data, "each answer is its own copy");
  // The server counted down once per response: the 304's value (4998), not the cached one (4999).
  assert.is(first.headers["x-ratelimit-remaining"], "4999");
  assert.is(second.headers["x-ratelimit-remaining"], "4998");
  assert.is(second.headers.etag, etagOf(repo));
  assert.is(second.headers["cache-control"], "private, max-age=60", "stored headers the 304 did not repeat are kept");
  assert.is(second.url, `${server.url}/repos/o/r`);
});

test("Last-Modified only: the second GET sends If-Modified-Since and the 304 is answered from the cache", async () => {
  const first = await get("/lm");
  const second = await get("/lm");
  assert.is(sent(1, "if-modified-since"), first.headers["last-modified"]);
  assert.is(sent(1, "if-none-match"), undefined);
  assert.is(second.status, 200);
  assert.equal(second.data, { lm: true });
});

test("a different accept header or credential is a separate entry, answered with its own data", async () => {
  const a = { headers: { accept: "application/vnd.github.v3+json" } };
  const b = { headers: { accept: "application/vnd.github.raw+json" } };
  const token = { headers: { authorization: "token ghp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } };
  const other = { headers: { authorization: "token ghp_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" } };
  for (const params of [a, b, token, other]) await get("/variant", params);
  assert.is(server.requests.filter((r) => r.headers["if-none-match"]).length, 0, "four first requests, four misses");
  for (const params of [a, b, token, other]) {
    const response = await get("/variant", params);
    const seen = server.requests.at(-1)!;
    assert.is(
      seen.headers["if-none-match"],
      etagOf({ accept: seen.headers.accept, auth: seen.headers.authorization ?? null }),
    );
    assert.equal(response.data, { accept: seen.headers.accept, auth: seen.headers.authorization ?? null });
  }
});

test("a POST to the same URL drops the cached GET: the next GET is unconditional", async () => {
  await get("/repos/o/r");
  await client.request("POST /repos/o/r", { name: "renamed" });
  await get("/repos/o/r");
  assert.equal(
    server.requests.map((r) => [r.method, r.headers["if-none-match"] ?? null]),
    [
      ["GET", null],
      ["POST", null],
      ["GET", null],
    ],
  );
  await get("/repos/o/r");
  assert.is(sent(3, "if-none-match"), etagOf(repo), "and the fresh 200 was cached again");
});

test("10 concurrent identical GETs reach the server once; every caller gets its own copy", async () => {
  const held = gate(etagRoute(() => repo));
  server.route("GET /held", held.handler);
  const pending = Array.from({ length: 10 }, () => get("/held"));
  await until(() => server.requests.length > 0);
  held.release();
  const responses = await Promise.all(pending);
  assert.is(server.requests.length, 1);
  (responses[3]!.data as { name: string }).name = "changed by one caller";
  responses[3]!.headers.etag = "mutated";
  for (const [i, response] of responses.entries()) {
    if (i === 3) continue;
    assert.equal(response.data, repo);
    assert.is(response.headers.etag, etagOf(repo));
  }
  assert.is(new Set(responses.map((r) => r.data)).size, 10);
});

test("merging holds for credentialed requests too, whose key waits for the credential's hash the first time", async () => {
  const held = gate(etagRoute(() => repo));
  server.route("GET /held-auth", held.handler);
  const headers = { authorization: "token ghp_MERGEMERGEMERGEMERGEMERGEMERGEMERGE" };
  const pending = Array.from({ length: 5 }, () => get("/held-auth", { headers }));
  pending.push(get("/held-auth", { headers: { authorization: "token other" } }));
  await until(() => server.requests.length === 2);
  held.release();
  await Promise.all(pending);
  assert.equal(server.requests.map((r) => r.headers.authorization).sort(), [headers.authorization, "token other"]);
});

test("concurrent GETs that differ in accept are not merged", async () => {
  const held = gate(etagRoute((req) => ({ accept: req.headers.accept })));
  server.route("GET /held-variant", held.handler);
  const pending = [
    get("/held-variant"),
    get("/held-variant", { headers: { accept: "application/vnd.github.raw+json" } }),
  ];
  await until(() => server.requests.length > 0);
  held.release();
  const [a, b] = await Promise.all(pending);
  assert.is(server.requests.length, 2);
  assert.is.not((a!.data as { accept: string }).accept, (b!.data as { accept: string }).accept);
});

test("a failed merged request rejects every caller with the error", async () => {
  const held = gate(() => ({ status: 502, body: { message: "Bad Gateway" } }));
  server.route("GET /held-fail", held.handler);
  const pending = Array.from({ length: 3 }, () =>
    get("/held-fail").then(
      () => "resolved",
      (error: unknown) => (error as HttpError).status,
    ),
  );
  await until(() => server.requests.length > 0);
  held.release();
  assert.equal(await Promise.all(pending), [502, 502, 502]);
  assert.is(server.requests.length, 1);
});

test("an outer wrap that retries sends the cache's validator again and gets the cached answer", async () => {
  const Retrying = Client.plugin([
    cache,
    (c: Client) => {
      c.hook.wrap("request", (request, options) =>
        Promise.resolve(request(options)).catch((error: unknown) => {
          if (isHttpError(error) && error.status === 500) return request(options);
          throw error;
        }),
      );
    },
  ]);
  const retrying = new Retrying({ baseUrl: server.url, cache: true });
  let failNext = false;
  const route = etagRoute(() => repo);
  server.route("GET /flaky", (req, res, s) =>
    failNext ? ((failNext = false), { status: 500, body: { message: "boom" } }) : route(req, res, s),
  );
  await retrying.request("GET /flaky");
  failNext = true;
  const response = await retrying.request("GET /flaky");
  assert.equal(
    server.requests.map((r) => r.headers["if-none-match"] ?? null),
    [null, etagOf(repo), etagOf(repo)],
  );
  assert.is(response.status, 200);
  assert.equal(response.data, repo);
});

test("the caller's own If-None-Match is theirs: the 304 surfaces as an HttpError", async () => {
  await get("/repos/o/r");
  const error = await get("/repos/o/r", { headers: { "if-none-match": etagOf(repo) } }).catch((e: unknown) => e);
  assert.instance(error, HttpError);
  assert.is((error as HttpError).status, 304);
  assert.is((error as HttpError).headers.etag, etagOf(repo));
});

test("without the option the plugin is inert, and a 304 surfaces as HttpError 304", async () => {
  for (const bare of [
    new Cached({ baseUrl: server.url }),
    new Client({ baseUrl: server.url }),
    new Cached({ baseUrl: server.url, cache: false }),
  ]) {
    server.requests.length = 0;
    await bare.request("GET /repos/o/r");
    await bare.request("GET /repos/o/r");
    assert.is(sent(1, "if-none-match"), undefined);
    const error = await bare
      .request("GET /repos/o/r", { headers: { "if-none-match": etagOf(repo) } })
      .catch((e: unknown) => e);
    assert.ok(isHttpError(error) && error.status === 304 && error.headers.etag === etagOf(repo));
  }
});

test("cache-control: no-cache or no-store on the request bypasses the cache", async () => {
  await get("/repos/o/r");
  for (const value of ["no-cache", "no-store"]) await get("/repos/o/r", { headers: { "cache-control": value } });
  assert.equal(
    server.requests.map((r) => r.headers["if-none-match"] ?? null),
    [null, null, null],
  );
  await get("/repos/o/r");
  assert.is(sent(3, "if-none-match"), etagOf(repo));
});

test("only 200s with a validator and without response no-store are cached", async () => {
  for (const url of ["/plain", "/plain", "/no-store", "/no-store"]) await get(url);
  assert.equal(
    server.requests.map((r) => r.headers["if-none-match"] ?? null),
    [null, null, null, null],
  );
});

test("HEAD is cached apart from GET and answered on 304 without a body", async () => {
  await client.request("HEAD /repos/o/r");
  const head = await client.request("HEAD /repos/o/r");
  assert.is(sent(1, "if-none-match"), etagOf(repo));
  assert.is(head.status, 200);
  assert.is(head.data, undefined);
  await get("/repos/o/r");
  assert.is(sent(2, "if-none-match"), undefined, "a HEAD entry never answers a GET");
});

test("responses of merged and cached requests are plain, independent objects", async () => {
  const first: Response<unknown> = await get("/repos/o/r");
  (first.data as { name: string }).name = "mutated after the response";
  const second = await get("/repos/o/r");
  assert.equal(second.data, repo, "mutating a response never changes the cache");
});

test.run();
