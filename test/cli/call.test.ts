// The forgekit command end to end: a real process against the embedded GitHub API server.
// Output, typed values, files and stdin, the token, and exit codes 0 / 1 / 2.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";

const test = suite("cli: calls, values, token, exit codes");
let server: MockServer;
let dir: string;
const base = () => ["--base-url", server.url];

test.before(async () => {
  assertBuilt();
  server = await startMockServer();
  dir = mkdtempSync(join(tmpdir(), "forgekit-cli-"));
});
test.before.each(() => server.reset());
test.after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a method prints the response data as pretty JSON and exits 0", async () => {
  const { code, stdout, stderr } = await forgekit(["repos.get", "owner=octocat", "repo=hello-world", ...base()]);
  assert.is(code, 0, stderr);
  const data = JSON.parse(stdout);
  assert.is(data.full_name, "octocat/Hello-World");
  assert.is(stdout, `${JSON.stringify(data, null, 2)}\n`);
  assert.is(server.requests.length, 1);
  assert.is(server.requests[0]!.operationId, "repos/get");
  assert.equal(server.requests[0]!.params, { owner: "octocat", repo: "hello-world" });
});

test("request sends any route; a text body is printed raw, newline-terminated", async () => {
  const repo = await forgekit(["request", "GET /repos/{owner}/{repo}", "owner=mona", "repo=lisa", ...base()]);
  assert.is(repo.code, 0, repo.stderr);
  assert.is(server.requests[0]!.path, "/repos/mona/lisa");
  server.respond("GET /zen", {
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: "Keep it logically awesome.",
  });
  const zen = await forgekit(["request", "GET", "/zen", ...base()]);
  assert.is(zen.code, 0, zen.stderr);
  assert.is(zen.stdout, "Keep it logically awesome.\n");
});

test("values without metadata: numbers, booleans, null, JSON, strings", async () => {
  server.respond("POST /things", (request) => ({ status: 201, body: JSON.parse(request.body) }));
  const args = [
    "request",
    "POST /things",
    "count=5",
    "ratio=0.5",
    "flag=true",
    "off=false",
    "nothing=null",
    "text=hello",
    "zero=007",
    'obj={"a":1}',
    "list=[1,2]",
    "at=\\@home",
  ];
  const { code, stdout, stderr } = await forgekit([...args, ...base()]);
  assert.is(code, 0, stderr);
  const expected = {
    count: 5,
    ratio: 0.5,
    flag: true,
    off: false,
    nothing: null,
    text: "hello",
    zero: "007",
    obj: { a: 1 },
    list: [1, 2],
    at: "@home",
  };
  assert.equal(JSON.parse(server.requests[0]!.body), expected);
  assert.equal(JSON.parse(stdout), expected);
});

test("values typed by the parameter metadata; key:=json", async () => {
  const args = [
    "issues.create",
    "owner=o",
    "repo=r",
    "title=Crash",
    "body=123",
    "milestone=7",
    'labels=["bug"]',
    'assignees:=["mona"]',
    "assignee=null",
    ...base(),
  ];
  const { code, stderr } = await forgekit(args);
  assert.is(code, 0, stderr);
  assert.is(server.requests[0]!.operationId, "issues/create");
  // body is a string parameter: "123" stays text; milestone is string|integer: 7 is a number.
  assert.equal(JSON.parse(server.requests[0]!.body), {
    title: "Crash",
    body: "123",
    milestone: 7,
    labels: ["bug"],
    assignees: ["mona"],
    assignee: null,
  });
});

test("@file, @- (stdin) and :=@file.json", async () => {
  writeFileSync(join(dir, "notes.md"), "# Notes\n\nfrom a file\n");
  writeFileSync(join(dir, "labels.json"), '["bug", "ui"]');
  const file = await forgekit([
    "issues.create",
    "owner=o",
    "repo=r",
    "title=T",
    `body=@${join(dir, "notes.md")}`,
    `labels:=@${join(dir, "labels.json")}`,
    ...base(),
  ]);
  assert.is(file.code, 0, file.stderr);
  assert.equal(JSON.parse(server.requests[0]!.body), {
    title: "T",
    body: "# Notes\n\nfrom a file\n",
    labels: ["bug", "ui"],
  });

  const stdin = await forgekit(["markdown.renderRaw", "data=@-", ...base()], { input: "**bold** from stdin" });
  assert.is(stdin.code, 0, stdin.stderr);
  assert.is(server.requests[1]!.body, "**bold** from stdin");
  assert.match(String(server.requests[1]!.headers["content-type"]), /^text\/plain/);
});

test("a binary @file is sent as bytes (release asset upload)", async () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
  writeFileSync(join(dir, "asset.bin"), bytes);
  const { code, stderr } = await forgekit([
    "repos.uploadReleaseAsset",
    "owner=o",
    "repo=r",
    "release_id=1",
    "name=asset.bin",
    `data=@${join(dir, "asset.bin")}`,
    ...base(),
  ]);
  assert.is(code, 0, stderr);
  const request = server.requests[0]!;
  assert.is(request.operationId, "repos/upload-release-asset");
  assert.is(request.headers["content-length"], "256");
  assert.is(request.headers["content-type"], "application/octet-stream");
  assert.is(request.query.get("name"), "asset.bin");
});

test("a missing file is a usage error (exit 2), nothing sent", async () => {
  const { code, stderr } = await forgekit([
    "issues.create",
    "owner=o",
    "repo=r",
    "title=T",
    "body=@/no/such/file.md",
    ...base(),
  ]);
  assert.is(code, 2);
  assert.match(stderr, /parameter "body": cannot read "\/no\/such\/file\.md" \(ENOENT\)/);
  assert.is(server.requests.length, 0);
});

test("the token comes from GITHUB_TOKEN (else GH_TOKEN) and is never printed", async () => {
  const token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
  const run = await forgekit(["users.getAuthenticated", ...base()], {
    env: { GITHUB_TOKEN: token, DEBUG: "forgekit:rest*" },
  });
  assert.is(run.code, 0, run.stderr);
  assert.is(server.requests[0]!.headers.authorization, `token ${token}`);
  assert.match(run.stderr, /forgekit:rest:request GET \/user/); // debug output was on…
  assert.not.match(run.stdout + run.stderr, /0123456789abcdef/); // …and the token is in none of it
  await forgekit(["users.getAuthenticated", ...base()], { env: { GH_TOKEN: "gho_fromgh" } });
  assert.is(server.requests[1]!.headers.authorization, "token gho_fromgh");
  await forgekit(["users.getAuthenticated", ...base()], { env: { GITHUB_TOKEN: "ghp_first", GH_TOKEN: "gho_second" } });
  assert.is(server.requests[2]!.headers.authorization, "token ghp_first");
  await forgekit(["users.getAuthenticated", ...base()]);
  assert.is(server.requests[3]!.headers.authorization, undefined);
});

test("an HTTP error exits 1 with its message on stderr; --include prints the response", async () => {
  const token = "plain-secret-token-42";
  server.respond("GET /repos/{owner}/{repo}", {
    status: 404,
    body: {
      message: `Not Found (you sent ${token})`,
      documentation_url: "https://docs.github.com/rest/repos/repos#get-a-repository",
    },
  });
  const run = await forgekit(["repos.get", "owner=o", "repo=gone", ...base()], { env: { GITHUB_TOKEN: token } });
  assert.is(run.code, 1);
  assert.is(run.stdout, "");
  assert.match(
    run.stderr,
    /^forgekit: GET http:\/\/127\.0\.0\.1:\d+\/repos\/o\/gone → 404 Not Found: Not Found \(you sent \[REDACTED\]\) \(https:\/\/docs\.github\.com\/rest\/repos\/repos#get-a-repository\) \[request id [\w:]+\]\n$/,
  );
  assert.not.ok(run.stderr.includes(token));
  const included = await forgekit(["repos.get", "owner=o", "repo=gone", "--include", ...base()]);
  assert.is(included.code, 1);
  assert.match(included.stdout, /^HTTP 404 Not Found\n/);
  assert.match(included.stdout, /\n\n\{\n {2}"message": "Not Found/);
});

test("a network error exits 1 with the reason", async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const { code, stdout, stderr } = await forgekit([
    "repos.get",
    "owner=o",
    "repo=r",
    "--base-url",
    `http://127.0.0.1:${port}`,
  ]);
  assert.is(code, 1);
  assert.is(stdout, "");
  assert.match(
    stderr,
    new RegExp(`^forgekit: GET http://127\\.0\\.0\\.1:${port}/repos/o/r → no response: ECONNREFUSED\\n$`),
  );
});

test("usage errors exit 2 and send nothing: validation, bad values, bad words", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["issues.create", "owner=o", "repo=r"],
      /forgekit: issues\.create: parameter "title" is required .*\nRun `forgekit issues\.create --help` for help\.\n$/,
    ],
    [["repos.listForOrg", "org=o", "type=publik"], /parameter "type" must be one of "all", "public", .*; got "publik"/],
    [
      ["repos.listForOrg", "org=o", "per_page=many"],
      /parameter "per_page" must be an integer; got "many"\. Pass it as per_page=<integer>/,
    ],
    [
      ["issues.create", "owner=o", "repo=r", "title=T", "labels=bug"],
      /parameter "labels" must be an array; got "bug"\. Pass it as labels='\["…"\]'/,
    ],
    [
      ["issues.create", "owner=o", "repo=r", "title=T", "labels:=[bug"],
      /parameter "labels": the value after := is not valid JSON/,
    ],
    [["repos.get", "owner=o", "repo"], /expected key=value \(or key:=json\), got "repo"/],
    [["repos.get", "owner=o", "owner=p"], /parameter "owner" is given twice/],
    [["repos.get", "owner=o", "repo=r", "headers={}"], /parameter "headers" is reserved: use --header "name:value"/],
    [["repos.get", "owner=o", "repo=r", "--base-url", "ftp://x"], /--base-url "ftp:\/\/x": expected an http\(s\) URL/],
    [["repos"], /repos is a scope: name one of its methods/],
    [[], /name a method, e.g\. forgekit repos\.get/],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await forgekit([...args, ...(args.includes("--base-url") ? [] : base())]);
    assert.is(code, 2, `${args.join(" ")}: ${stderr}`);
    assert.match(stderr, message);
    assert.is(stdout, "");
  }
  assert.is(server.requests.length, 0);
});

test("an unknown parameter is sent, with a warning that suggests the right name", async () => {
  const { code, stderr } = await forgekit(["repos.listForOrg", "org=o", "sorted=created", ...base()]);
  assert.is(code, 0, stderr);
  assert.match(stderr, /repos\.listForOrg has no parameter "sorted": did you mean sort\? \(sending it anyway\)/);
  assert.is(server.requests[0]!.query.get("sorted"), "created");
});

test.run();
