// Calls written for @octokit/rest v16 reach GitHub as they did then: renamed parameters, the
// release-asset upload forms, values GitHub accepts on the wire, and paginate's page size.
// Every call goes to the loopback server; what arrives there is what is checked.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Readable } from "node:stream";
import { Client as Full } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: @octokit/rest v16 calls (parameters, uploads, validation, page size)");
let server: TestServer;
let uploads: TestServer;
const warnings: string[] = [];
const log = { debug() {}, info() {}, warn: (message: string) => void warnings.push(message), error() {} };
const echo = (req: { method: string; url: string; body: string; headers: Record<string, unknown> }) => ({
  body: { method: req.method, url: req.url, body: req.body, type: req.headers["content-type"] ?? null },
});

test.before(async () => {
  server = await startServer({ "GET /orgs/o": { body: { login: "o" } }, "*": echo });
  uploads = await startServer({ "*": echo });
});
test.after(async () => {
  await server.close();
  await uploads.close();
});
test.before.each(() => {
  server.requests.length = 0;
  uploads.requests.length = 0;
  warnings.length = 0;
});
const client = () => new Full({ baseUrl: server.url, auth: "ghp_v16compat", log });
const sent = () => server.requests.map((r) => `${r.method} ${r.url}`);

test("number → issue_number / pull_number, once warned; the new name wins and the old is not sent", async () => {
  const c = client() as any;
  await c.issues.get({ owner: "o", repo: "r", number: 1 });
  await c.issues.get({ owner: "o", repo: "r", number: 2 });
  await c.pulls.get({ owner: "o", repo: "r", number: 3 });
  await c.issues.lock({ owner: "o", repo: "r", number: 4, issue_number: 5 });
  assert.equal(sent(), [
    "GET /repos/o/r/issues/1",
    "GET /repos/o/r/issues/2",
    "GET /repos/o/r/pulls/3",
    "PUT /repos/o/r/issues/5/lock",
  ]);
  assert.equal(warnings, [
    'issues.get(): parameter "number" is deprecated, use "issue_number".',
    'pulls.get(): parameter "number" is deprecated, use "pull_number".',
    'issues.lock(): parameter "number" is deprecated, use "issue_number".',
  ]);
});

test("renames apply in .endpoint(), .endpoint.merge() and paginate", async () => {
  const c = client() as any;
  assert.is(
    c.issues.update.endpoint({ owner: "o", repo: "r", number: 6, title: "t" }).url,
    `${server.url}/repos/o/r/issues/6`,
  );
  const merged = c.issues.listComments.endpoint.merge({ owner: "o", repo: "r", number: 7 });
  assert.is(merged.issue_number, 7);
  assert.is("number" in merged, false);
  await c.paginate(merged);
  await c.paginate(c.pulls.listCommits, { owner: "o", repo: "r", number: 8 });
  assert.equal(sent(), [
    "GET /repos/o/r/issues/7/comments?per_page=100",
    "GET /repos/o/r/pulls/8/commits?per_page=100",
  ]);
});

test("issues.updateLabel: v16's { current_name, name } and today's { name, new_name } both work", async () => {
  const c = client() as any;
  await c.issues.updateLabel({ owner: "o", repo: "r", current_name: "bug", name: "defect", color: "f00" });
  await c.issues.updateLabel({ owner: "o", repo: "r", name: "bug", new_name: "defect", color: "f00" });
  assert.equal(sent(), ["PATCH /repos/o/r/labels/bug", "PATCH /repos/o/r/labels/bug"]);
  for (const request of server.requests) assert.equal(JSON.parse(request.body), { new_name: "defect", color: "f00" });
  assert.equal(warnings, [
    'issues.updateLabel(): parameter "current_name" is deprecated, use "name".',
    'issues.updateLabel(): parameter "name" is deprecated, use "new_name".',
  ]);
});

const bodies = (): Array<[string, () => unknown]> => [
  ["Buffer", () => Buffer.from("hello")],
  ["ArrayBuffer", () => new TextEncoder().encode("hello").buffer],
  ["Blob", () => new Blob(["hello"])],
  ["Node stream", () => Readable.from([Buffer.from("hel"), Buffer.from("lo")])],
];

test("uploadReleaseAsset, v16 form ({ url: upload_url, headers, name, label, file | data }), GHES /api/uploads", async () => {
  const c = new Full({ baseUrl: `${server.url}/api/v3`, auth: "ghp_v16compat", log }) as any;
  const upload_url = `${server.url}/api/uploads/repos/o/r/releases/9/assets{?name,label}`;
  for (const [label, body] of bodies()) {
    const key = label === "Buffer" ? "file" : "data";
    const { data } = await c.repos.uploadReleaseAsset({
      url: upload_url,
      headers: { "content-type": "text/plain", "content-length": 5 },
      name: "a b.txt",
      label,
      [key]: body(),
    });
    assert.is(data.body, "hello", label);
  }
  assert.equal(
    sent(),
    ["Buffer", "ArrayBuffer", "Blob", "Node%20stream"].map(
      (label) => `POST /api/uploads/repos/o/r/releases/9/assets?name=a%20b.txt&label=${label}`,
    ),
  );
  for (const request of server.requests) {
    assert.is(request.headers["content-type"], "text/plain");
    assert.is(request.headers["content-length"], "5");
    assert.is(request.headers.authorization, "token ghp_v16compat");
  }
});

test("uploadReleaseAsset, today's form, and an uploads host of its own (uploads.github.com-style)", async () => {
  const c = client() as any;
  for (const [label, body] of bodies()) {
    const { data } = await c.repos.uploadReleaseAsset({
      owner: "o",
      repo: "r",
      release_id: 10,
      name: label,
      data: body(),
    });
    assert.is(data.body, "hello", label);
    assert.is(data.type, "application/octet-stream");
  }
  assert.equal(
    sent().map((line) => line.replace(/name=.*/, "")),
    Array(4).fill("POST /api/uploads/repos/o/r/releases/10/assets?"),
  );
  // An upload_url on another host: sent there, with the v16 form or with `origin`; that host
  // is not the API's uploads origin, so it gets no credentials.
  await c.repos.uploadReleaseAsset({
    url: `${uploads.url}/repos/o/r/releases/11/assets{?name,label}`,
    name: "x",
    data: "hello",
  });
  await c.repos.uploadReleaseAsset({
    origin: uploads.url,
    owner: "o",
    repo: "r",
    release_id: 12,
    name: "y",
    data: "hello",
  });
  assert.equal(
    uploads.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization ?? "no credentials"}`),
    [
      "POST /repos/o/r/releases/11/assets?name=x no credentials",
      "POST /repos/o/r/releases/12/assets?name=y no credentials",
    ],
  );
  assert.is(
    new Full().repos.uploadReleaseAsset.endpoint({ owner: "o", repo: "r", release_id: 1, name: "n", data: "x" }).url,
    "https://uploads.github.com/repos/o/r/releases/1/assets?name=n",
  );
});

test("validation accepts GitHub's wire forms: numbers for strings, Date, an empty or missing file path", async () => {
  const c = client() as any;
  const due = new Date("2024-01-02T03:04:05Z");
  await c.gists.get({ gist_id: 1 });
  await c.repos.get({ owner: "o", repo: 123 });
  await c.repos.getBranch({ owner: "o", repo: "r", branch: 2024 });
  await c.issues.createMilestone({ owner: "o", repo: "r", title: "m", due_on: due });
  await c.issues.listForRepo({ owner: "o", repo: "r", since: due });
  await c.repos.getContent({ owner: "o", repo: "r", path: "" });
  await c.repos.getContent({ owner: "o", repo: "r" });
  await c.repos.getContents({ owner: "o", repo: "r", path: "/" });
  await c.repos.getContents({ owner: "o", repo: "r", path: "/docs/a b.md" });
  assert.equal(sent(), [
    "GET /gists/1",
    "GET /repos/o/123",
    "GET /repos/o/r/branches/2024",
    "POST /repos/o/r/milestones",
    "GET /repos/o/r/issues?since=2024-01-02T03%3A04%3A05.000Z",
    "GET /repos/o/r/contents",
    "GET /repos/o/r/contents",
    // v16's name sends its path as @octokit/endpoint 6 did, leading slash encoded (issue 35,
    // test/octokit/v16-urls.test.ts).
    "GET /repos/o/r/contents/%2F",
    "GET /repos/o/r/contents/%2Fdocs%2Fa%20b.md",
  ]);
  assert.equal(JSON.parse(server.requests[3]!.body), { title: "m", due_on: "2024-01-02T03:04:05.000Z" });
});

test("validation still refuses what GitHub refuses, with the same messages, nothing sent", async () => {
  const c = client() as any;
  const cases: Array<[() => Promise<unknown>, RegExp]> = [
    [
      async () => c.repos.get({ repo: "r" }),
      // Endpoint methods check parameters before the URL is built (docs/how-it-works.md).
      /repos\.get: parameter "owner" is required \(string\); pass it\./,
    ],
    [
      async () => c.repos.listForOrg({ org: "o", type: "publik" }),
      /parameter "type" must be one of .*; got "publik"\./,
    ],
    [
      async () => c.issues.create({ owner: "o", repo: "r", title: "t", labels: "bug" }),
      /parameter "labels" must be an array; got "bug"\./,
    ],
    [
      async () => c.issues.createMilestone({ owner: "o", repo: "r", title: "m", due_on: new Date("nope") }),
      /"due_on" must be a string; got an invalid Date/,
    ],
    [
      async () => c.repos.getContent({ owner: "o", repo: "r", path: "docs/../secret" }),
      /"\." and "\.\." would change the path/,
    ],
    [async () => c.repos.getBranch({ owner: "o", repo: "r" }), /"branch" .*(is required|is missing)/],
    [async () => c.issues.create({ owner: "o", repo: "r" }), /issues\.create: parameter "title" is required/],
  ];
  for (const [call, message] of cases) {
    const got = String(await call().catch((e: Error) => e.message));
    assert.match(got, message, got);
  }
  assert.equal(sent(), []);
});

test("paginate adds per_page=100 only where the operation takes per_page; an explicit per_page wins", async () => {
  const c = client() as any;
  await c.paginate(c.orgs.get, { org: "o" });
  await c.paginate("GET /orgs/{org}", { org: "o" });
  await c.paginate(c.repos.listForOrg, { org: "o" });
  await c.paginate("GET /orgs/{org}/repos", { org: "o" });
  await c.paginate(c.repos.listForOrg, { org: "o", per_page: 5 });
  await c.paginate("GET /orgs/{org}/repos", { org: "o", per_page: 7 });
  assert.equal(sent(), [
    "GET /orgs/o",
    "GET /orgs/o",
    "GET /orgs/o/repos?per_page=100",
    "GET /orgs/o/repos?per_page=100",
    "GET /orgs/o/repos?per_page=5",
    "GET /orgs/o/repos?per_page=7",
  ]);
});

test.run();
