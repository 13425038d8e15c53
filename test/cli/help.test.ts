// The forgekit command's help: general, per method (from the registry and the generated
// summaries), deprecated aliases and operations, scopes, and did-you-mean for typos.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { assertBuilt, forgekit } from "../helpers/cli.js";

const test = suite("cli: help and did-you-mean");
test.before(assertBuilt);

test("--help and `help` print the general help; no arguments is a usage error", async () => {
  const help = await forgekit(["--help"]);
  assert.is(help.code, 0);
  assert.match(help.stdout, /^forgekit \d+\.\d+\.\d+: call GitHub's REST API from the command line\.\n/);
  for (const flag of [
    "--paginate",
    "--include",
    "--dry-run",
    "--base-url",
    "--deployment",
    "--header",
    "--preview",
    "--help",
    "--version",
  ]) {
    assert.match(help.stdout, new RegExp(`\\n {2}${flag}[ ,]`), flag);
  }
  assert.match(help.stdout, /GITHUB_TOKEN, GH_TOKEN/);
  assert.match(help.stdout, /Exit codes: 0 success, 1 HTTP or network error, 2 usage error/);
  assert.is((await forgekit(["help"])).stdout, help.stdout);
  assert.is((await forgekit(["-h"])).stdout, help.stdout);
  const request = await forgekit(["request", "--help"]);
  assert.is(request.code, 0);
  assert.match(request.stdout, /^forgekit request "<METHOD> <path>"/);
});

test("a method's help: summary, route, docs link, parameters with where/required/type/values, usage", async () => {
  const { code, stdout, stderr } = await forgekit(["repos.listForOrg", "--help"]);
  assert.is(code, 0, stderr);
  const lines = stdout.split("\n");
  assert.is(lines[0], "repos.listForOrg: List organization repositories");
  assert.is(lines[1], "  GET /orgs/{org}/repos");
  assert.is(lines[2], "  Docs: https://docs.github.com/rest/repos/repos#list-organization-repositories");
  assert.match(stdout, /\n {2}org +path +required +string\n/);
  assert.match(
    stdout,
    /\n {2}type +query +optional +string; one of "all", "public", "private", "forks", "sources", "member"\n/,
  );
  assert.match(stdout, /\n {2}per_page +query +optional +integer\n/);
  assert.match(
    stdout,
    /\nUsage:\n {2}forgekit repos\.listForOrg org=<string> \[key=value …\]\n {2}forgekit repos\.listForOrg org=<string> --paginate\n/,
  );
  assert.is((await forgekit(["help", "repos.listForOrg"])).stdout, stdout);
});

test("repos.getForOrg --help names the deprecation and the new name", async () => {
  const { code, stdout } = await forgekit(["repos.getForOrg", "--help"]);
  assert.is(code, 0);
  assert.match(
    stdout,
    /^repos\.getForOrg is deprecated: it is an old name of repos\.listForOrg\. Use repos\.listForOrg instead\.\n\nrepos\.listForOrg: List organization repositories\n/,
  );
  // Calling it works, with the deprecation on stderr.
  const call = await forgekit(["repos.getForOrg", "org=o", "--dry-run"]);
  assert.is(call.code, 0, call.stderr);
  assert.match(call.stderr, /repos\.getForOrg\(\) is deprecated, use repos\.listForOrg\(\) instead\./);
  assert.match(call.stdout, /^curl -X GET https:\/\/api\.github\.com\/orgs\/o\/repos \\\n/);
});

test("deprecated operations, whole-body and multi-segment parameters, raw bodies", async () => {
  const classroom = await forgekit(["classroom.getAClassroom", "--help"]);
  assert.match(
    classroom.stdout,
    /\n {2}Deprecated by GitHub \(deprecated \d{4}-\d\d-\d\d, removal \d{4}-\d\d-\d\d\)\.\n/,
  );
  const contexts = await forgekit(["repos.setStatusCheckContexts", "--help"]);
  assert.match(contexts.stdout, /\n {2}branch +path +required +string; may contain \/\n/);
  assert.match(contexts.stdout, /\n {2}contexts +body +optional +array; the whole request body\n/);
  const upload = await forgekit(["repos.uploadReleaseAsset", "--help"]);
  assert.match(
    upload.stdout,
    /\n {2}POST \/repos\/\{owner\}\/\{repo\}\/releases\/\{release_id\}\/assets\{\?name,label\}\n/,
  );
  assert.match(upload.stdout, /\n {2}data +body +optional +string or object\n/);
  const nullable = await forgekit(["issues.create", "--help"]);
  assert.match(nullable.stdout, /\n {2}milestone +body +optional +string or integer; nullable\n/);
});

test("another deployment's help links its own docs and marks the deployment", async () => {
  const { code, stdout } = await forgekit(["repos.get", "--help", "--deployment", "ghes-3.17"]);
  assert.is(code, 0);
  assert.match(
    stdout,
    /^repos\.get: Get a repository\n {2}GET \/repos\/\{owner\}\/\{repo\} {2}\(ghes-3\.17\)\n {2}Docs: https:\/\/docs\.github\.com\/enterprise-server@3\.17\/rest\/repos\/repos#get-a-repository\n/,
  );
  const only = await forgekit(["help", "enterpriseAdmin.getAllStats", "--deployment", "ghes-3.19"]);
  assert.is(only.code, 0);
  assert.match(only.stdout, /^enterpriseAdmin\.getAllStats: Get all statistics\n/);
  assert.match(only.stdout, /Docs: https:\/\/docs\.github\.com\/enterprise-server@3\.19\/rest\/enterprise-admin\//);
});

test("a scope's help lists its methods with summaries and its deprecated names", async () => {
  const { code, stdout } = await forgekit(["issues", "--help"]);
  assert.is(code, 0);
  assert.match(stdout, /^Methods of issues \(api\.github\.com\):\n/);
  assert.match(stdout, /\n {2}issues\.create +Create an issue\n/);
  assert.match(stdout, /\n {2}issues\.getForOrg +deprecated: use issues\.listForOrg\n/);
});

test("did you mean: misspelt methods, scopes, operationIds and flags (exit 2)", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["repos.lisForOrg"],
      /^forgekit: unknown method "repos\.lisForOrg": did you mean repos\.listForOrg\?\nRun `forgekit repos --help` for help\.\n$/,
    ],
    [["repo.get", "owner=o"], /unknown method "repo\.get": did you mean repos\.get\?/],
    [["repos/list-for-org", "org=o"], /unknown method "repos\/list-for-org": did you mean repos\.listForOrg\?/],
    [["issues.crate", "--help"], /did you mean issues\.create\?/],
    [["reposs", "--help"], /unknown scope "reposs": did you mean repos\?/],
    [
      ["nothing.likeThisAtAll"],
      /unknown method "nothing\.likeThisAtAll"\. List a scope's methods with `forgekit <scope> --help`/,
    ],
    [["repos.get", "--paginat"], /unknown flag --paginat: did you mean --paginate\?/],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await forgekit(args);
    assert.is(code, 2, args.join(" "));
    assert.match(stderr, message);
    assert.is(stdout, "");
  }
});

test("v15/v16 names: old routes in --help, removed names say why, gitdata.getReference is itself", async () => {
  const method = await forgekit(["gitdata.getReference", "--help"]);
  assert.is(method.code, 0, method.stderr);
  assert.match(method.stdout, /gitdata\.getReference is an @octokit\/rest v15\/v16 name with no current operation/);
  assert.match(method.stdout, /GET \/repos\/\{owner\}\/\{repo\}\/git\/refs\/\{\+ref\}/);
  assert.match(method.stdout, /forgekit gitdata\.getReference owner=<value> repo=<value> ref=<value>/);
  const scope = await forgekit(["git", "--help"]);
  assert.match(
    scope.stdout,
    /git\.listRefs +@octokit\/rest v15\/v16 name: sends GET \/repos\/\{owner\}\/\{repo\}\/git\/refs\/\{\+namespace\}/,
  );
  const projects = await forgekit(["repos", "--help"]);
  assert.match(projects.stdout, /repos\.listDownloads +removed by GitHub: forgekit repos\.listDownloads says why/);
  const removed = await forgekit(["repos.listDownloads", "owner=o", "repo=r"]);
  assert.is(removed.code, 2);
  assert.match(
    removed.stderr,
    /repos\.listDownloads\(\) .* was removed: GitHub removed the Downloads API\. Use releases/,
  );
  const typo = await forgekit(["gitdata.getReferenc"]);
  assert.match(typo.stderr, /did you mean gitdata\.getReference\?/);
});

test.run();
