// Issue 35, item 1: v16 code writes `const Octokit = require("@octokit/rest")` and calls it
// (with or without `new`). After the swap that is forgekit's CommonJS entry, installed under
// node_modules/@octokit/rest: it must make the drop-in `Octokit` — one request per call, no
// parameter checks, no page size of its own — as @octokit/rest 16 does, not forgekit().
const { test } = require("uvu");
const assert = require("uvu/assert");
const http = require("node:http");
const { execFileSync } = require("node:child_process");
const { mkdtempSync, mkdirSync, rmSync, copyFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

let server;
let url;
let dir;
const requests = [];
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

test.before(async () => {
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const fail = req.url.startsWith("/fail");
    res.writeHead(fail ? 500 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(fail ? { message: "boom" } : [{ id: 1 }]));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
  // The package as the alias installs it (hard links: the files stay this build's).
  dir = mkdtempSync(join(tmpdir(), "forgekit-v16-"));
  const target = join(dir, "node_modules", "@octokit", "rest");
  mkdirSync(target, { recursive: true });
  execFileSync("cp", ["-al", join(__dirname, "../../dist"), join(target, "dist")]);
  copyFileSync(join(__dirname, "../../package.json"), join(target, "package.json"));
});
test.before.each(() => void (requests.length = 0));
test.after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What v16-style code does, and what reached the server. */
async function run(Octokit) {
  requests.length = 0;
  const called = Octokit({ baseUrl: url, log: quiet });
  const constructed = new Octokit({ baseUrl: url, log: quiet });
  const failure = await called.request("GET /fail").catch((error) => error.status);
  await constructed.paginate("GET /repos/:owner/:repo/issues", { owner: "o", repo: "r" });
  await called.paginate(called.issues.listForRepo.endpoint.merge({ owner: "o", repo: "r" }));
  // v16 plugins add to the instance; their return value is not used.
  const WithPlugin = Octokit.plugin((octokit) => void (octokit.hello = () => "world"));
  return { failure, sent: [...requests], plugin: [WithPlugin({ log: quiet }).hello(), new WithPlugin().hello()] };
}

test("require('@octokit/rest') after the swap behaves as @octokit/rest 16: one 500, one request; no per_page", async () => {
  const theirs = await run(require("octokit-rest-v16"));
  assert.equal(theirs.sent, ["GET /fail", "GET /repos/o/r/issues", "GET /repos/o/r/issues"]);
  const swapped = require(join(dir, "node_modules", "@octokit", "rest"));
  const ours = await run(swapped);
  assert.equal(ours, theirs);
  assert.ok(swapped({ log: quiet }) instanceof swapped.Octokit, "the drop-in Octokit");
});

test("the drop-in sends parameters as given; require('forgekit')() keeps forgekit's checks", async () => {
  const swapped = require(join(dir, "node_modules", "@octokit", "rest"));
  const params = { owner: "o", repo: "r", tag_name: "v1", body: null };
  await swapped({ baseUrl: url }).repos.createRelease(params);
  assert.equal(requests, ["POST /repos/o/r/releases"]);
  const forgekit = require("forgekit");
  const error = await forgekit({ baseUrl: url })
    .repos.createRelease(params)
    .catch((e) => e);
  assert.instance(error, forgekit.ParameterError);
  assert.not.ok(forgekit({}) instanceof forgekit.Octokit, "forgekit() under its own name");
  assert.equal(requests, ["POST /repos/o/r/releases"]);
});

test.run();
