// The forgekit command's flags end to end: --include, --header, --preview, --paginate,
// --base-url, --deployment and --dry-run, against the embedded GitHub API server.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startMockServer, type MockServer } from "../server/index.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const test = suite("cli: flags");
let server: MockServer;
const base = () => ["--base-url", server.url];
const TOKEN = "ghp_DRYRUNdryrunDRYRUNdryrunDRYRUN012345";

test.before(async () => {
  assertBuilt();
  server = await startMockServer({ totalItems: 95 });
});
test.before.each(() => server.reset());
test.after(() => server.close());

test("--include prints the status line and the headers, then the body", async () => {
  const { code, stdout, stderr } = await forgekit(["repos.get", "owner=o", "repo=r", "--include", ...base()]);
  assert.is(code, 0, stderr);
  const [headPart = "", body = ""] = stdout.split("\n\n");
  const lines = headPart.split("\n");
  assert.is(lines[0], "HTTP 200 OK");
  assert.ok(lines.includes("content-type: application/json; charset=utf-8"), headPart);
  assert.match(headPart, /\nx-github-request-id: \S+/);
  assert.match(headPart, /\nx-ratelimit-remaining: \d+/);
  assert.is(JSON.parse(stdout.slice(headPart.length + 2)).full_name, "octocat/Hello-World");
  assert.match(body, /^\{/);
});

test("--output streams the body to a file, following the archive redirect; stdout stays empty", async () => {
  const dir = mkdtempSync(join(tmpdir(), "forgekit-cli-output-"));
  try {
    const file = join(dir, "archive.tar.gz");
    const args = ["repos.downloadTarballArchive", "owner=o", "repo=r", "ref=main", "--output", file];
    const { code, stdout, stderr } = await forgekit([...args, ...base()]);
    assert.is(code, 0, stderr);
    assert.is(stdout, "");
    assert.is(readFileSync(file, "utf8"), "forgekit mock archive of /repos/o/r/tarball/main\n");
    const both = await forgekit([...args, "--paginate", ...base()]);
    assert.is(both.code, 2, both.stderr);
    assert.match(both.stderr, /--output writes one response: drop --paginate/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("-i is --include; --header / -H add request headers (repeatable)", async () => {
  const { code, stdout, stderr } = await forgekit([
    "rateLimit.get",
    "-i",
    "--header",
    "X-GitHub-Api-Version:2022-11-28",
    "-H",
    "x-custom: yes please",
    ...base(),
  ]);
  assert.is(code, 0, stderr);
  assert.match(stdout, /^HTTP 200 OK\n/);
  assert.is(server.requests[0]!.headers["x-github-api-version"], "2022-11-28");
  assert.is(server.requests[0]!.headers["x-custom"], "yes please");
  const bad = await forgekit(["rateLimit.get", "--header", "no-colon", ...base()]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--header "no-colon": expected name:value/);
});

test("--preview sets the accept header (repeatable)", async () => {
  const { code, stderr } = await forgekit([
    "repos.getAllTopics",
    "owner=o",
    "repo=r",
    "--preview",
    "mercy",
    "--preview=squirrel-girl",
    ...base(),
  ]);
  assert.is(code, 0, stderr);
  assert.is(
    server.requests[0]!.headers.accept,
    "application/vnd.github.mercy-preview+json,application/vnd.github.squirrel-girl-preview+json",
  );
});

test("--paginate prints every item as a line of JSON, progress on stderr", async () => {
  const { code, stdout, stderr } = await forgekit([
    "issues.listForRepo",
    "owner=o",
    "repo=r",
    "per_page=30",
    "--paginate",
    ...base(),
  ]);
  assert.is(code, 0, stderr);
  const lines = stdout.trimEnd().split("\n");
  assert.is(lines.length, 95);
  const ids = lines.map((line) => JSON.parse(line).id as number);
  assert.is(new Set(ids).size, 95);
  assert.is(server.requests.length, 4);
  assert.equal(
    server.requests.map((request) => request.query.get("page") ?? "1"),
    ["1", "2", "3", "4"],
  );
  assert.is(
    stderr,
    "page 1: 30 items (30 so far)\npage 2: 30 items (60 so far)\npage 3: 30 items (90 so far)\npage 4: 5 items (95 so far)\n",
  );
});

test("--paginate on `request`, and wrapped lists (search) are unwrapped", async () => {
  const { code, stdout, stderr } = await forgekit([
    "request",
    "GET /search/issues",
    "q=is:open",
    "--paginate",
    ...base(),
  ]);
  assert.is(code, 0, stderr);
  assert.is(stdout.trimEnd().split("\n").length, 95);
  assert.ok(JSON.parse(stdout.split("\n")[0]!).number !== undefined);
  assert.match(stderr, /^page 1: 95 items \(95 so far\)\n$/);
});

test("the API root: --base-url, else GITHUB_API_URL, else api.github.com", async () => {
  const fromEnv = await forgekit(["rateLimit.get"], { env: { GITHUB_API_URL: server.url } });
  assert.is(fromEnv.code, 0, fromEnv.stderr);
  assert.is(server.requests.length, 1);
  const flagWins = await forgekit(["rateLimit.get", "--dry-run", "--base-url", "https://ghe.example/api/v3"], {
    env: { GITHUB_API_URL: server.url },
  });
  assert.match(flagWins.stdout, /^curl -X GET https:\/\/ghe\.example\/api\/v3\/rate_limit /);
  const fallback = await forgekit(["rateLimit.get", "--dry-run"]);
  assert.match(fallback.stdout, /^curl -X GET https:\/\/api\.github\.com\/rate_limit /);
  const bad = await forgekit(["rateLimit.get"], { env: { GITHUB_API_URL: "api.github.com" } });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /GITHUB_API_URL "api\.github\.com": expected an http\(s\) URL/);
  assert.is(server.requests.length, 1);
});

test("--deployment selects a GHES registry; its help links GHES docs", async () => {
  const ok = await forgekit([
    "repos.get",
    "owner=o",
    "repo=r",
    "--deployment",
    "ghes-3.19",
    "--base-url",
    `${server.url}/api/v3`,
  ]);
  assert.is(ok.code, 0, ok.stderr);
  assert.is(server.requests[0]!.path, "/api/v3/repos/o/r");
  const missing = await forgekit(["copilot.listCopilotSeats", "org=o", "--deployment", "ghes-3.17", ...base()]);
  assert.is(missing.code, 2);
  assert.match(
    missing.stderr,
    /copilot\.listCopilotSeats is not available on ghes-3\.17 \(the --deployment\); it exists on api\.github\.com/,
  );
  const unknown = await forgekit(["repos.get", "--deployment", "ghes-3.71", ...base()]);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /unknown deployment "ghes-3\.71": did you mean ghes-3\.17\?/);
  assert.is(server.requests.length, 1);
});

test("--dry-run prints a curl command with the token masked and sends nothing", async () => {
  const { code, stdout, stderr } = await forgekit(
    ["issues.create", "owner=o", "repo=r", "title=It's broken", 'labels:=["bug"]', "--dry-run", ...base()],
    { env: { GITHUB_TOKEN: TOKEN } },
  );
  assert.is(code, 0, stderr);
  assert.is(server.requests.length, 0);
  assert.is(
    stdout,
    [
      `curl -X POST ${server.url}/repos/o/r/issues \\`,
      "  -H 'accept: application/vnd.github.v3+json' \\",
      "  -H 'authorization: token [REDACTED]' \\",
      "  -H 'content-type: application/json; charset=utf-8' \\",
      "  -H 'user-agent: forgekit-cli/0.1.0 forgekit/rest.js v0.1.0' \\",
      `  --data-raw '{"title":"It'\\''s broken","labels":["bug"]}'`,
      "",
    ].join("\n"),
  );
  assert.not.ok((stdout + stderr).includes("DRYRUN"));
});

test("--dry-run masks a token of any shape wherever it appears, and still validates", async () => {
  const secret = "my-enterprise-secret";
  const run = await forgekit(
    ["request", "POST /echo", `note=${secret}`, "--dry-run", "-H", `x-api-key: ${secret}`, ...base()],
    { env: { GH_TOKEN: secret } },
  );
  assert.is(run.code, 0, run.stderr);
  assert.not.ok(run.stdout.includes(secret), run.stdout);
  assert.match(run.stdout, /-H 'authorization: token \[REDACTED\]'/);
  assert.match(run.stdout, /-H 'x-api-key: \[REDACTED\]'/);
  assert.match(run.stdout, /--data-raw '\{"note":"\[REDACTED\]"\}'/);
  const invalid = await forgekit(["issues.create", "owner=o", "repo=r", "--dry-run", ...base()]);
  assert.is(invalid.code, 2);
  assert.match(invalid.stderr, /parameter "title" is required/);
  assert.is(invalid.stdout, "");
  assert.is(server.requests.length, 0);
});

test("--dry-run with --paginate shows the first page's request (per_page=100); other deployments too", async () => {
  const paged = await forgekit(["repos.listForOrg", "org=octokit", "--paginate", "--dry-run", ...base()]);
  assert.is(paged.code, 0, paged.stderr);
  assert.match(paged.stdout, new RegExp(`^curl -X GET '${server.url}/orgs/octokit/repos\\?per_page=100' \\\\\n`));
  const ghes = await forgekit([
    "enterpriseAdmin.getAllStats",
    "--deployment",
    "ghes-3.18",
    "--dry-run",
    "--base-url",
    "https://github.example.com/api/v3",
  ]);
  assert.is(ghes.code, 0, ghes.stderr);
  assert.match(ghes.stdout, /^curl -X GET https:\/\/github\.example\.com\/api\/v3\/enterprise\/stats\/all \\\n/);
  assert.is(server.requests.length, 0);
});

test("--version; unknown flags suggest the right one", async () => {
  const version = await forgekit(["--version"]);
  assert.is(version.code, 0);
  assert.match(version.stdout, /^forgekit \d+\.\d+\.\d+/);
  const typo = await forgekit(["repos.get", "owner=o", "repo=r", "--dryrun", ...base()]);
  assert.is(typo.code, 2);
  assert.match(typo.stderr, /^forgekit: unknown flag --dryrun: did you mean --dry-run\?\n/);
  const value = await forgekit(["repos.get", "--include=yes", ...base()]);
  assert.is(value.code, 2);
  assert.match(value.stderr, /--include takes no value/);
  assert.is(server.requests.length, 0);
});

test.run();
