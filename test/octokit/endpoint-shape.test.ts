// Issue 35: `request.endpoint()`, `endpoint.parse()` and an endpoint method's `.endpoint()`
// on the drop-in `Octokit` return what @octokit/core 7's and @octokit/rest 22's return:
// the body as the object (or the `data`) given, not its JSON, `content-type` and the PATCH/PUT
// `""` as @octokit/endpoint sets them, and `accept` for `mediaType`. `forgekit()` keeps
// its own request options (the body as sent). The options are then sent to a loopback
// server by both clients, which must receive the same request.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as Core } from "@octokit/core";
import { Octokit as Rest } from "@octokit/rest";
import forgekit, { Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("octokit drop-in: request.endpoint's shape");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": { body: { ok: true } } });
});
test.after(() => server.close());

type Options = { method: string; url: string; headers: Record<string, string>; body?: unknown; request?: object };

/** Everything but `request` (its hook or transport differ by design) and the user agent, which names the client. */
function shape(options: Options) {
  const { "user-agent": _agent, ...headers } = options.headers;
  const out: Record<string, unknown> = { method: options.method, url: options.url, headers };
  if ("body" in options) out.body = plain(options.body);
  const { timeout } = (options.request ?? {}) as { timeout?: number };
  if (timeout !== undefined) out.timeout = timeout;
  return out;
}
// (@octokit's objects can have a null prototype: copied into plain ones to compare.)
const plain = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
    : value;

const CASES: [string, Record<string, unknown>][] = [
  ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["a", "b"], assignee: undefined }],
  ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 2, labels: ["x", "y"] }],
  ["HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" }],
  ["PUT /repos/{owner}/{repo}/subscription", { owner: "o", repo: "r" }],
  ["PATCH /user", {}],
  ["DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" }],
  ["DELETE /repos/{owner}/{repo}/labels", { owner: "o", repo: "r", labels: ["a"] }],
  ["POST /markdown/raw", { data: "# hi", headers: { "content-type": "text/plain; charset=utf-8" } }],
  ["POST /markdown/raw", { data: "# hi" }],
  ["POST /markdown", { data: { text: "a" }, mode: "gfm" }],
  [
    "PUT /repos/{owner}/{repo}/contents/{path}",
    { owner: "o", repo: "r", path: "a b/c.md", message: "m", content: "YQ==" },
  ],
  ["GET /repos/{owner}/{repo}/commits/{ref}", { owner: "o", repo: "r", ref: "main", mediaType: { format: "diff" } }],
  ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "a", mediaType: { format: "raw" } }],
  ["GET /repos/{owner}/{repo}", { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } }],
  ["POST /graphql", { query: "{ viewer { login } }", mediaType: { previews: ["merge-info"] } }],
  [
    "GET /repos/{owner}/{repo}/releases/assets/{asset_id}",
    {
      owner: "o",
      repo: "r",
      asset_id: 1,
      headers: { accept: "application/octet-stream" },
      mediaType: { format: "diff" },
    },
  ],
  ["GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { "x-extra": "1" }, request: { timeout: 5000 } }],
  ["GET /repos/:owner/:repo", { owner: "o", repo: "r" }],
  ["GET /search/issues{?q}", { q: "is:open", sort: "created" }],
];

test("request.endpoint(route, params) matches @octokit/core 7 for every shape", () => {
  const theirs = new Core({ baseUrl: server.url });
  const ours = new Octokit({ baseUrl: server.url });
  let objects = 0;
  for (const [route, params] of CASES) {
    const expected = shape(theirs.request.endpoint(route, params) as Options);
    const got = shape(ours.request.endpoint(route, params) as unknown as Options);
    assert.equal(got, expected, `${route} ${JSON.stringify(params)}`);
    if (expected.body && typeof expected.body === "object") objects++;
  }
  // The cases do compare object bodies (what differed: forgekit gave their JSON).
  assert.ok(objects >= 4, `${objects} object bodies`);
});

test("endpoint.parse(endpoint.merge(…)) and endpoint.defaults match @octokit/core 7", () => {
  const run = (octokit: any) => {
    const { endpoint } = octokit.request;
    const merged = endpoint.merge("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
    const withOwner = endpoint.defaults({ owner: "x", headers: { "x-a": "1" } });
    return [
      shape(endpoint.parse(merged)),
      shape(
        withOwner("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { repo: "y", issue_number: 2, state: "closed" }),
      ),
      shape(
        withOwner
          .defaults({ repo: "z" })
          .parse(withOwner.defaults({ repo: "z" }).merge("PUT /repos/{owner}/{repo}/topics")),
      ),
    ];
  };
  const expected = run(new Core({ baseUrl: server.url }));
  assert.equal(expected[0]!.body, { title: "t" });
  assert.equal(run(new Octokit({ baseUrl: server.url })), expected);
});

test("an endpoint method's .endpoint() matches @octokit/rest 22's", () => {
  const run = (octokit: any) => [
    shape(octokit.issues.create.endpoint({ owner: "o", repo: "r", title: "t", body: "b", labels: ["l"] })),
    shape(octokit.rest.repos.get.endpoint({ owner: "o", repo: "r" })),
    shape(octokit.markdown.renderRaw.endpoint({ data: "# hi" })),
    shape(octokit.repos.replaceAllTopics.endpoint({ owner: "o", repo: "r", names: ["a"] })),
    shape(
      octokit.issues.create.endpoint.parse(octokit.issues.create.endpoint.merge({ owner: "o", repo: "r", title: "x" })),
    ),
  ];
  const expected = run(new Rest({ baseUrl: server.url }));
  assert.equal(expected[0]!.body, { title: "t", body: "b", labels: ["l"] });
  assert.equal(run(new Octokit({ baseUrl: server.url })), expected);
});

test("graphql.endpoint matches @octokit/core 7's", () => {
  const query = "query ($n: Int) { x(n: $n) }";
  const run = (octokit: any) => shape(octokit.graphql.endpoint({ query, variables: { n: 1 } }));
  const expected = run(new Core({ baseUrl: server.url }));
  assert.equal(expected.body, { query, variables: { n: 1 } });
  assert.equal(run(new Octokit({ baseUrl: server.url })), expected);
});

test("the request a user builds from endpoint() reaches the server as @octokit's does", async () => {
  const sent = async (octokit: any) => {
    server.requests.length = 0;
    const { method, url, headers, body } = octokit.request.endpoint("POST /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      title: "t",
    });
    // What code does with it: hand the parts to another HTTP client, the body as JSON.
    await fetch(url, { method, headers, body: JSON.stringify(body) });
    return server.requests.map((r) => [r.method, r.url, r.headers["content-type"], r.body]);
  };
  const expected = await sent(new Core({ baseUrl: server.url }));
  assert.equal(expected, [["POST", "/repos/o/r/issues", "application/json; charset=utf-8", '{"title":"t"}']]);
  assert.equal(await sent(new Octokit({ baseUrl: server.url })), expected);
});

test("forgekit() keeps its own request options: the body as it is sent", () => {
  const client = forgekit({ baseUrl: server.url });
  const options = client.request.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
  assert.is(options.body, '{"title":"t"}');
});

test("the drop-in's endpoint() still refuses bad input, before anything is sent", () => {
  const ours = new Octokit({ baseUrl: server.url });
  assert.throws(() => ours.request.endpoint("GET /repos/{owner}/{repo}", { owner: "o" }), /repo/);
});

test.run();
