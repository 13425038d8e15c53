// require("forgekit") where require() cannot load an ES module: Jest's module system (it compiled
// dist/node as CommonJS: "Cannot use import statement outside a module") and Node started with
// --no-experimental-require-module (ERR_REQUIRE_ESM). The full preset's require() entry falls
// back to a CommonJS bundle (build.mjs, `requireWithFallback`). Each case runs in a child Node
// process that sends to this file's loopback server.
const { test } = require("uvu");
const assert = require("uvu/assert");
const http = require("node:http");
const { execFile } = require("node:child_process");

let server;
let url;
test.before(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const missing = req.url.startsWith("/repos/o/missing");
      res.writeHead(missing ? 404 : 200, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(missing ? { message: "Not Found" } : { line: `${req.method} ${req.url}`, body, é: "ü" }));
    });
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => server.close());

/** What the child does: @octokit/rest code, as a Jest test of a project after the package swap runs it. */
const CHILD = `
const before = ${"`${typeof fetch} ${typeof TextDecoder}`"};
const { Octokit, HttpError } = require("forgekit");
const octokit = new Octokit({ baseUrl: process.env.BASE_URL, auth: "t0ken" });
(async () => {
  const got = await octokit.rest.repos.get({ owner: "o", repo: "r" });
  const created = await octokit.rest.git.createRef({ owner: "o", repo: "r", ref: "refs/heads/a/b", sha: "1" });
  const search = await octokit.rest.search.issuesAndPullRequests({ q: "repo:o/r+type:pr" });
  const error = await octokit.rest.repos.get({ owner: "o", repo: "missing" }).catch((e) => e);
  const loaded = Object.keys(require.cache).map((file) => file.split("/dist/")[1]).filter(Boolean);
  // v16's module shape and @octokit/rest's statics, from whichever build require() loaded.
  const v16 = require("forgekit");
  const called = await v16({ baseUrl: process.env.BASE_URL }).repos.get({ owner: "o", repo: "v16" });
  const shape = [typeof v16.plugin, typeof Octokit.plugin, typeof Octokit.defaults, Octokit.VERSION === v16.VERSION, called.data.line];
  console.log(JSON.stringify({
    before, loaded, shape,
    lines: [got.data.line, created.data.line, search.data.line],
    body: created.data.body, text: got.data["é"],
    error: [error instanceof HttpError, error.status],
  }));
})().catch((error) => (console.error(error), process.exit(1)));
`;

/** Run CHILD with these Node flags, after `prelude` (code run first, as a test environment's setup). */
function run(flags, prelude = "") {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [...flags, "-e", prelude + CHILD],
      { env: { ...process.env, BASE_URL: url }, cwd: __dirname },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    ),
  );
}

const SENT = ["GET /repos/o/r", "POST /repos/o/r/git/refs", "GET /search/issues?q=repo%3Ao%2Fr+type%3Apr"];

function assertAnswers(result) {
  assert.equal(result.lines, SENT);
  assert.equal(JSON.parse(result.body), { ref: "refs/heads/a/b", sha: "1" });
  assert.is(result.text, "ü");
  assert.equal(result.error, [true, 404]);
  assert.equal(result.shape, ["function", "function", "function", true, "GET /repos/o/v16"]);
}

test("with require() of ES modules (Node ^20.19 || >=22.12) the bundle is never loaded", async () => {
  const result = await run([]);
  assertAnswers(result);
  assert.ok(result.loaded.includes("node/plugins/presets/full.js"));
  assert.not.ok(result.loaded.includes("cjs/plugins/presets/full.bundle.cjs"));
});

test("without it (ERR_REQUIRE_ESM) require() loads the CommonJS bundle, which sends the same requests", async () => {
  const result = await run(["--no-experimental-require-module"]);
  assertAnswers(result);
  assert.ok(result.loaded.includes("cjs/plugins/presets/full.bundle.cjs"));
  assert.not.ok(result.loaded.some((file) => file.startsWith("node/")));
});

test("with a page's globals (Jest's jsdom: no fetch, no TextDecoder) requests go through node:http", async () => {
  const result = await run(
    ["--no-experimental-require-module"],
    "delete globalThis.fetch; delete globalThis.TextDecoder; delete globalThis.TextEncoder;\n",
  );
  assert.is(result.before, "undefined undefined");
  assertAnswers(result);
});

test.run();
