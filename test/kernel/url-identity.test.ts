// Wire identity with @octokit/endpoint: for every operation of api.github.com, with parameter
// values that stress encoding (slashes, `+`, spaces, unicode, `!'()*`, `%`, arrays), the URL an
// endpoint method builds is @octokit/endpoint's for the same route, byte for byte — so HTTP
// mocks, recorded fixtures and URL-keyed caches written for @octokit see the same URLs. The
// route @octokit sends is GitHub's path as the OpenAPI description has it: forgekit's `{+name}`
// marks a parameter that may hold slashes, which both encode as `%2F`. The deliberate
// differences are tested below, each against what forgekit sends instead (docs/migrating.md).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { endpoint } from "@octokit/endpoint";
import { Client } from "../../plugins/presets/full.js";
import { routes } from "../../definitions/api.github.com/all.js";
import { decodeScope } from "../../plugins/endpoints/registry.js";
import { ParameterError } from "../../kernel/index.js";

const BASE = "https://api.github.com";
const client = new Client({ baseUrl: BASE, log: { warn() {} } }) as unknown as Record<
  string,
  Record<string, { endpoint: (params: object) => { url: string } }>
>;

/** Path values: each row is used for every path parameter of one round. */
const PATH_VALUES: readonly (string | number)[] = [
  "plain",
  "heads/feature/x",
  "a+b c",
  "ünïcødé/日本",
  "it's (v1)!*",
  "100%",
  "~user_name.-",
  42,
];
/** Values beside the route (GET query): `q` keeps its `+`. */
const QUERY_VALUES: Record<string, unknown>[] = [
  { q: "repo:o/r+type:pr+is:merged", per_page: 100 },
  { q: 'label:"help wanted" a+b', labels: ["bug", "help wanted"], page: 2 },
  { sort: "it's (v1)!*", state: "ünï", since: "2024-01-01T00:00:00Z", direction: "a/b" },
];

/** `{name}`, `{+name}` and `{?a,b}` names of a forgekit route template. */
function placeholders(template: string): { path: string[]; query: string[] } {
  const path: string[] = [];
  const query: string[] = [];
  for (const [, operator, names] of template.matchAll(/\{([+?&]?)([\w,-]+)\}/g)) {
    if (operator === "?" || operator === "&") query.push(...names!.split(","));
    else if (names !== "origin") path.push(names!);
  }
  return { path, query };
}

const operations = Object.entries(routes).flatMap(([scope, packed]) =>
  Object.entries(decodeScope(packed)).map(([name, [route, defaults]]) => ({ scope, name, route, defaults })),
);

test("the registry is read: every operation is compared", () => {
  assert.ok(operations.length > 1000, String(operations.length));
});

test("every operation's URL equals @octokit/endpoint's, for every round of values", () => {
  const differences: string[] = [];
  let compared = 0;
  for (const { scope, name, route, defaults } of operations) {
    const [method, template] = route.split(" ") as [string, string];
    const { path, query } = placeholders(template);
    const origin = (defaults as { origin?: string } | 0 | undefined) || undefined;
    // GitHub's path, as @octokit's routes have it; an operation with its own server has it as baseUrl.
    const octokitRoute = `${method} ${template.replace(/\{\+/g, "{").replace("{origin}", "")}`;
    const baseUrl = origin?.origin ?? BASE;
    PATH_VALUES.forEach((value, round) => {
      const params: Record<string, unknown> = {};
      for (const key of path) params[key] = value;
      for (const key of query) params[key] = PATH_VALUES[(round + 1) % PATH_VALUES.length];
      if (method === "GET") Object.assign(params, QUERY_VALUES[round % QUERY_VALUES.length]);
      const ours = client[scope]![name]!.endpoint(params).url;
      const theirs = endpoint(octokitRoute, { baseUrl, ...params } as never).url;
      compared++;
      if (ours !== theirs && differences.length < 10) differences.push(`${scope}.${name}:\n  ${ours}\n  ${theirs}`);
    });
  }
  assert.equal(differences, []);
  assert.ok(compared > 8000, String(compared));
});

test("client.request with @octokit's route forms sends @octokit/endpoint's URL", () => {
  const request = new Client({ baseUrl: BASE }).request;
  const cases: [string, Record<string, unknown>][] = [
    ["GET /repos/{owner}/{repo}/git/ref/{ref}", { owner: "o", repo: "r", ref: "heads/x" }],
    ["GET /repos/:owner/:repo/contents/:path", { owner: "o", repo: "r", path: "a b/c.md", ref: "v1" }],
    ["GET /search/issues", { q: "repo:o/r+type:pr", per_page: 5 }],
    [
      "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
      { owner: "o", repo: "r", release_id: 1, name: "a (1).zip", label: ["x", "y z"] },
    ],
  ];
  for (const [route, params] of cases)
    assert.is(request.endpoint(route, params).url, endpoint(route, { baseUrl: BASE, ...params } as never).url, route);
});

test("deliberate: `..` segments and CR/LF in headers are refused before anything is sent", () => {
  const { repos } = new Client({ baseUrl: BASE });
  for (const ref of ["..", "heads/../../x", "%2e%2e"])
    assert.throws(
      () => repos.getBranch.endpoint({ owner: "o", repo: "r", branch: ref }),
      (error: unknown) => error instanceof ParameterError,
    );
  assert.throws(
    () => repos.get.endpoint({ owner: "o", repo: "r", headers: { "x-a": "1\r\nx-b: 2" } }),
    (error: unknown) => error instanceof ParameterError,
  );
});

test("deliberate: a Date is sent as ISO 8601, null is left out, a missing {?a,b} member leaves no '&'", () => {
  const request = new Client({ baseUrl: BASE }).request;
  const at = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));
  assert.is(
    request.endpoint("GET /notifications", { since: at, before: null }).url,
    `${BASE}/notifications?since=2024-01-02T03%3A04%3A05.000Z`,
  );
  // @octokit/endpoint: `since=Tue%20Jan%2002%202024…` (the Date's toString), `before=null`.
  assert.match(endpoint("GET /notifications", { baseUrl: BASE, since: at, before: null } as never).url, /since=Tue/);
  const upload = "POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}";
  assert.is(
    request.endpoint(upload, { name: "a.zip", data: "x" }).url,
    "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
  );
  assert.match(endpoint(upload, { name: "a.zip", data: "x" } as never).url, /\?name=a\.zip&$/);
});

test("deliberate: a leading '/' in a file path is dropped (contents of '/' is the root)", () => {
  const { repos } = new Client({ baseUrl: BASE });
  assert.is(repos.getContent.endpoint({ owner: "o", repo: "r", path: "/" }).url, `${BASE}/repos/o/r/contents`);
  assert.is(repos.getContent.endpoint({ owner: "o", repo: "r", path: "/a/b" }).url, `${BASE}/repos/o/r/contents/a%2Fb`);
});

test.run();
