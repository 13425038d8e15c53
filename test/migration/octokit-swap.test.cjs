// "@octokit/rest": "npm:forgekit@…" changes the package and nothing else: the names @octokit/rest
// code imports must be there, in both module systems (docs/migrating.md, "Swap the package").
// Run against the built package (the self-reference "forgekit"), as an alias would install it.
const { test } = require("uvu");
const assert = require("uvu/assert");
const http = require("node:http");

let server;
let url;
const requests = [];

test.before(async () => {
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const fail = req.url.startsWith("/fail");
    res.writeHead(fail ? 500 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(fail ? { message: "boom" } : { path: req.url, agent: req.headers["user-agent"] }));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
});
test.before.each(() => void (requests.length = 0));
test.after(() => server.close());

test("require().Octokit and import { Octokit }: one class, with plugin, defaults, VERSION and rest.*", async () => {
  const { Octokit, VERSION } = require("forgekit");
  const esm = await import("forgekit");
  assert.is(esm.Octokit, Octokit, "one class in both module systems");
  assert.type(Octokit.plugin, "function");
  assert.type(Octokit.defaults, "function");
  assert.is(Octokit.VERSION, VERSION);
  for (const octokit of [new Octokit({ baseUrl: url }), new esm.Octokit({ baseUrl: url })]) {
    assert.ok(octokit instanceof Octokit && octokit instanceof esm.Octokit);
    assert.is((await octokit.rest.repos.get({ owner: "o", repo: "r" })).data.path, "/repos/o/r");
    assert.is(octokit.rest.repos.get, octokit.repos.get);
  }
});

test("Octokit.plugin(a, [b]) adds members and keeps VERSION and defaults; defaults joins user agents", async () => {
  const { Octokit } = require("forgekit");
  const MyOctokit = Octokit.plugin(() => ({ a: 1 }), [(octokit) => ({ b: typeof octokit.request })]);
  const mine = new MyOctokit({ baseUrl: url });
  assert.equal([mine.a, mine.b, MyOctokit.VERSION], [1, "function", Octokit.VERSION]);
  assert.ok(mine instanceof Octokit);
  const Defaulted = MyOctokit.defaults({ baseUrl: url, userAgent: "base/1" });
  const { data } = await new Defaulted({ userAgent: "app/2" }).request("GET /x");
  assert.match(data.agent, /^app\/2 base\/1 forgekit\/rest\.js v/);
  assert.is(new Defaulted().a, 1);
  const Computed = Octokit.defaults((options) => ({ ...options, baseUrl: url }));
  assert.is((await new Computed().request("GET /y")).data.path, "/y");
});

test("v16's module shape: require() is called or constructed, and has .plugin", async () => {
  const Octokit = require("forgekit");
  for (const octokit of [Octokit({ baseUrl: url }), new Octokit({ baseUrl: url })])
    assert.is((await octokit.issues.get({ owner: "o", repo: "r", issue_number: 1 })).data.path, "/repos/o/r/issues/1");
  const WithPlugin = Octokit.plugin((_octokit) => ({ hello: () => "world" }));
  assert.is(WithPlugin({ baseUrl: url }).hello(), "world");
  assert.is(new WithPlugin({ baseUrl: url }).hello(), "world");
  assert.is(WithPlugin.plugin(() => ({ more: true }))().more, true);
});

test("Octokit retries nothing unless asked, as @octokit/rest: one 500, one request", async () => {
  const { Octokit, HttpError } = require("forgekit");
  const error = await new Octokit({ baseUrl: url }).request("GET /fail").catch((e) => e);
  assert.instance(error, HttpError);
  assert.is(error.status, 500);
  assert.equal(requests, ["GET /fail"]);
  requests.length = 0;
  const retried = new Octokit({ baseUrl: url, retry: { retries: 1, delay: 0 } });
  await retried.request("GET /fail").catch(() => {});
  assert.equal(requests, ["GET /fail", "GET /fail"]);
});

test("Octokit sends parameters as given, as @octokit/rest v17+ (GitHub accepts body: null); forgekit() checks them", async () => {
  const forgekit = require("forgekit");
  const params = { owner: "o", repo: "r", tag_name: "v1", body: null };
  const { data } = await new forgekit.Octokit({ baseUrl: url }).repos.createRelease(params);
  assert.is(data.path, "/repos/o/r/releases");
  const error = await forgekit({ baseUrl: url })
    .repos.createRelease(params)
    .catch((e) => e);
  assert.instance(error, forgekit.ParameterError);
  assert.equal(requests, ["POST /repos/o/r/releases"]);
});

// release-please's nock mocks `…/pulls?base=main&state=closed&sort=updated&direction=desc`
// exactly: one more query parameter is a request no mock matches.
test("Octokit's paginate sends no per_page of its own, as @octokit/rest; forgekit() asks for 100", async () => {
  const forgekit = require("forgekit");
  const params = { owner: "o", repo: "r", state: "closed" };
  await new forgekit.Octokit({ baseUrl: url }).paginate.iterator("GET /repos/{owner}/{repo}/pulls", params).next();
  await new forgekit.Octokit({ baseUrl: url }).paginate("GET /repos/{owner}/{repo}/tags", params);
  await forgekit({ baseUrl: url }).paginate("GET /repos/{owner}/{repo}/pulls", params);
  await new forgekit.Octokit({ baseUrl: url, paginate: { perPage: 30 } }).paginate(
    "GET /repos/{owner}/{repo}/pulls",
    params,
  );
  assert.equal(requests, [
    "GET /repos/o/r/pulls?state=closed",
    "GET /repos/o/r/tags?state=closed",
    "GET /repos/o/r/pulls?state=closed&per_page=100",
    "GET /repos/o/r/pulls?state=closed&per_page=30",
  ]);
  assert.throws(
    () => forgekit({ paginate: { perPage: 101 } }),
    /paginate\.perPage is 101; pass a whole number from 1 to 100, or false/,
  );
});

test.run();
