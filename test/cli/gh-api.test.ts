// gh api habits on the forgekit command: `forgekit api`, -f/-F fields (typed, @file, key[]=v,
// a[b]=c), -X/--method, --jq, --hostname, against the embedded GitHub API server. A field
// flag is never ignored.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";

const test = suite("cli: gh api habits");
let server: MockServer;
const base = () => ["--base-url", server.url];
const TOKEN = "ghp_GHAPIghapiGHAPIghapiGHAPIghapi0123456";

test.before(async () => {
  assertBuilt();
  server = await startMockServer({ totalItems: 45 });
});
test.before.each(() => server.reset());
test.after(() => server.close());

test('request "POST …" -f title=hi sends the field in the body (it was dropped: a 422)', async () => {
  const run = await forgekit(["request", "POST /repos/o/r/issues", "-f", "title=hi", ...base()]);
  assert.is(run.code, 0, run.stderr);
  assert.is(server.requests.length, 1);
  assert.equal(JSON.parse(server.requests[0]!.body), { title: "hi" });
});

test("forgekit api: no leading slash, POST because fields are given, -f strings, -F typed, arrays and objects", async () => {
  const run = await forgekit([
    "api",
    "repos/o/r/issues",
    "-f",
    "title=42",
    "-f",
    "labels[]=bug",
    "-f",
    "labels[]=ui",
    "-F",
    "milestone=3",
    "-F",
    "draft=true",
    "-F",
    "meta[kind]=null",
    "-f",
    "meta[note]=x",
    "-F",
    "steps[][name]=a",
    "-F",
    "steps[][name]=b",
    "-f",
    "assignees[]",
    ...base(),
  ]);
  assert.is(run.code, 0, run.stderr);
  const [request] = server.requests;
  assert.is(request!.method, "POST");
  assert.is(request!.path, "/repos/o/r/issues");
  assert.equal(JSON.parse(request!.body), {
    title: "42",
    labels: ["bug", "ui"],
    milestone: 3,
    draft: true,
    meta: { kind: null, note: "x" },
    steps: [{ name: "a" }, { name: "b" }],
    assignees: [],
  });
});

test("-f q=bug on a GET route is a query parameter, in --dry-run too; -X GET keeps fields in the query", async () => {
  const dry = await forgekit(["request", "GET /search/issues", "-f", "q=bug", "--dry-run", ...base()]);
  assert.is(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /\/search\/issues\?q=bug/);
  assert.is(server.requests.length, 0);
  const run = await forgekit(["api", "search/issues", "-X", "GET", "-f", "q=is:open", ...base()]);
  assert.is(run.code, 0, run.stderr);
  assert.is(server.requests[0]!.method, "GET");
  assert.is(server.requests[0]!.query.get("q"), "is:open");
  const method = await forgekit(["api", "/repos/o/r/issues", "--method", "post", "title=t", ...base()]);
  assert.is(method.code, 0, method.stderr);
  assert.is(server.requests[1]!.method, "POST");
});

test("key[]=v and a[b]=c as positional words nest too (labels[] was sent as a key)", async () => {
  const run = await forgekit([
    "request",
    "POST /repos/o/r/issues",
    "title=t",
    "labels[]=bug",
    "labels[]=ui",
    ...base(),
  ]);
  assert.is(run.code, 0, run.stderr);
  assert.equal(JSON.parse(server.requests[0]!.body), { title: "t", labels: ["bug", "ui"] });
  assert.not.match(run.stderr, /no parameter/);
});

test("-F key=@file reads the file; -f keeps @ literal; fields reach method calls too", async () => {
  const dir = mkdtempSync(join(tmpdir(), "forgekit-gh-"));
  writeFileSync(join(dir, "body.md"), "from a file\n");
  const run = await forgekit([
    "api",
    "repos/o/r/issues",
    "-f",
    "title=@me",
    "-F",
    `body=@${join(dir, "body.md")}`,
    ...base(),
  ]);
  assert.is(run.code, 0, run.stderr);
  assert.equal(JSON.parse(server.requests[0]!.body), { title: "@me", body: "from a file\n" });
  const call = await forgekit(["repos.get", "-f", "owner=octocat", "-F", "repo=hello-world", ...base()]);
  assert.is(call.code, 0, call.stderr);
  assert.is(server.requests[1]!.path, "/repos/octocat/hello-world");
});

test("mistakes are usage errors before anything is sent", async () => {
  const cases: [string[], RegExp][] = [
    [["request", "GET /zen", "-X", "POST"], /the route says GET and -X says POST: name the method once/],
    [["repos.get", "owner=o", "repo=r", "-X", "POST"], /-X\/--method applies to forgekit api and forgekit request/],
    [["api", "repos/o/r/issues", "-f", "title"], /-f "title": expected key=value \(or key\[\] for an empty list\)/],
    [["api", "repos/o/r/issues", "-f", "a=1", "-f", "a[b]=2"], /field "a\[b\]" is given twice/],
    [["api", "repos/o/r/issues", "title=a", "-f", "title=b"], /parameter "title" is given twice/],
    [["api", "zen", "--hostname", "ghe.example.com", "--base-url", server.url], /--hostname and --base-url both/],
    [
      ["api", "zen", "--hostname", "https://ghe.example.com"],
      /--hostname "https:\/\/ghe\.example\.com": expected a host name/,
    ],
    [["api", "repos/o/r", "--jq", ".["], /--jq "\.\[" is not a valid jq filter/],
    // gh's flags forgekit does not have are refused by name, never ignored.
    ...["--input", "--cache", "--template", "--silent"].map((flag): [string[], RegExp] => [
      ["api", "zen", flag, "x"],
      new RegExp(`unknown flag ${flag}\\.`),
    ]),
  ];
  for (const [args, message] of cases) {
    const run = await forgekit(args.includes("--hostname") ? args : [...args, ...base()]);
    assert.is(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
    assert.match(run.stderr, message);
  }
  assert.is(server.requests.length, 0);
});

test("--hostname: a GHES host is https://HOST/api/v3; github.com is api.github.com", async () => {
  const ghes = await forgekit(["api", "meta", "--hostname", "ghe.example.com", "--dry-run"]);
  assert.is(ghes.code, 0, ghes.stderr);
  assert.match(ghes.stdout, /^curl -X GET https:\/\/ghe\.example\.com\/api\/v3\/meta \\$/m);
  const dotcom = await forgekit(["api", "meta", "--hostname", "github.com", "--dry-run"]);
  assert.match(dotcom.stdout, /^curl -X GET https:\/\/api\.github\.com\/meta \\$/m);
});

test("--jq filters the response (strings raw, others compact); per page with --paginate", async () => {
  const one = await forgekit(["api", "repos/octocat/hello-world", "--jq", ".full_name", ...base()]);
  assert.is(one.code, 0, one.stderr);
  assert.is(one.stdout, "octocat/Hello-World\n");
  const pages = await forgekit([
    "api",
    "repos/o/r/issues",
    "-X",
    "GET",
    "-F",
    "per_page=20",
    "--paginate",
    "--jq",
    "[.[].number] | length",
    ...base(),
  ]);
  assert.is(pages.code, 0, pages.stderr);
  assert.is(pages.stdout, "20\n20\n5\n");
  const failing = await forgekit(["api", "repos/octocat/hello-world", "--jq", ".full_name | error", ...base()]);
  assert.is(failing.code, 1);
  assert.match(failing.stderr, /--jq "\.full_name \| error": jq: error/);
});

test("forgekit api graphql is forgekit graphql", async () => {
  const run = await forgekit(
    ["api", "graphql", "-f", "query={ viewer { login } }", "--jq", ".viewer.login", ...base()],
    { env: { GITHUB_TOKEN: TOKEN } },
  );
  assert.is(run.code, 0, run.stderr);
  assert.is(run.stdout, "octocat\n");
  assert.is(server.requests[0]!.path, "/graphql");
});

test.run();
