// Code written the way @octokit/rest v16 code was written (CommonJS, the factory called without
// `new`, authenticate(), `number`, getContents, uploadReleaseAsset({ url }), paginate of
// endpoint.merge()), run unchanged against a loopback server that records what arrives.
const { test } = require("uvu");
const assert = require("uvu/assert");
const http = require("node:http");

let server;
let url;
const requests = [];
const warnings = [];

test.before(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      requests.push({ method: req.method, url: req.url, body, authorization: req.headers.authorization });
      const json = (status, data, headers = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(data));
      };
      const path = req.url.split("?")[0];
      if (path === "/repos/octocat/hello/issues/1") return json(200, { number: 1, title: "Found a bug" });
      // v16 sends the root listing with its trailing slash (@octokit/endpoint 6).
      if (path === "/repos/octocat/hello/contents/") return json(200, [{ name: "README.md", type: "file" }]);
      if (path === "/repos/octocat/hello/releases/tags/v1.0.0")
        return json(200, {
          id: 5,
          upload_url: `${url}/api/uploads/repos/octocat/hello/releases/5/assets{?name,label}`,
        });
      if (path === "/api/uploads/repos/octocat/hello/releases/5/assets")
        return json(201, { name: "notes.txt", size: body.length });
      if (path === "/repos/octocat/hello/issues/1/comments") {
        const page = new URL(req.url, url).searchParams.get("page") ?? "1";
        const next =
          page === "1"
            ? { link: `<${url}/repos/octocat/hello/issues/1/comments?per_page=100&page=2>; rel="next"` }
            : {};
        return json(200, [{ id: Number(page) }], next);
      }
      if (path === "/repos/octocat/hello/labels")
        return json(422, {
          message: "Validation Failed",
          errors: [{ resource: "Label", code: "invalid", field: "color" }],
          documentation_url: "https://docs.github.com/rest/issues/labels#create-a-label",
        });
      json(404, { message: "Not Found" });
    });
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => server.close());

test("a v16 script runs unchanged", async () => {
  const Octokit = require("forgekit");
  const octokit = Octokit({
    baseUrl: url,
    log: { debug() {}, info() {}, warn: (message) => warnings.push(message), error() {} },
  });
  octokit.authenticate({ type: "token", token: "ghp_migration0123456789" });

  const { data: issue } = await octokit.issues.get({ owner: "octocat", repo: "hello", number: 1 });
  const { data: files } = await octokit.repos.getContents({ owner: "octocat", repo: "hello", path: "" });
  const { data: release } = await octokit.repos.getReleaseByTag({ owner: "octocat", repo: "hello", tag: "v1.0.0" });
  const file = Buffer.from("release notes");
  const { data: asset } = await octokit.repos.uploadReleaseAsset({
    url: release.upload_url,
    headers: { "content-type": "text/plain", "content-length": file.length },
    name: "notes.txt",
    label: "Notes",
    file,
  });
  const comments = await octokit.paginate(
    octokit.issues.listComments.endpoint.merge({ owner: "octocat", repo: "hello", number: 1 }),
  );
  let failure;
  try {
    await octokit.issues.createLabel({ owner: "octocat", repo: "hello", name: "bug", color: "red" });
  } catch (error) {
    failure = error;
  }

  assert.is(issue.title, "Found a bug");
  assert.is(files[0].name, "README.md");
  assert.equal(asset, { name: "notes.txt", size: 13 });
  assert.equal(comments, [{ id: 1 }, { id: 2 }]);
  assert.is(failure.status, 422);
  assert.equal(failure.errors, [{ resource: "Label", code: "invalid", field: "color" }]);
  assert.is(failure.documentation_url, "https://docs.github.com/rest/issues/labels#create-a-label");
  assert.match(failure.message, /Validation Failed: color is invalid \(Label\)/);
  assert.equal(
    requests.map((r) => `${r.method} ${r.url}`),
    [
      "GET /repos/octocat/hello/issues/1",
      "GET /repos/octocat/hello/contents/",
      "GET /repos/octocat/hello/releases/tags/v1.0.0",
      "POST /api/uploads/repos/octocat/hello/releases/5/assets?name=notes.txt&label=Notes",
      "GET /repos/octocat/hello/issues/1/comments?per_page=100",
      "GET /repos/octocat/hello/issues/1/comments?per_page=100&page=2",
      "POST /repos/octocat/hello/labels",
    ],
  );
  assert.is(requests[3].body, "release notes");
  for (const request of requests) assert.is(request.authorization, "token ghp_migration0123456789");
  assert.equal(
    warnings.filter((w) => /deprecated/.test(w)).sort(),
    [
      'issues.get(): parameter "number" is deprecated, use "issue_number".',
      'issues.listComments(): parameter "number" is deprecated, use "issue_number".',
      'repos.uploadReleaseAsset(): parameter "file" is deprecated, use "data".',
      "repos.getContents() is deprecated, use repos.getContent() instead.",
    ].sort(),
  );
});

test.run();
