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
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, Octokit } from "../../plugins/presets/full.js";
import { routes } from "../../definitions/api.github.com/all.js";
import * as ghec from "../../definitions/ghec/all.js";
import * as ghes317 from "../../definitions/ghes-3.17/all.js";
import * as ghes318 from "../../definitions/ghes-3.18/all.js";
import * as ghes319 from "../../definitions/ghes-3.19/all.js";
import { decodeScope } from "../../definitions/decode/trie.js";
import { ParameterError, uploadsOrigin } from "../../kernel/index.js";

const BASE = "https://api.github.com";

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

type Operation = { scope: string; name: string; route: string; defaults: unknown };
const operationsOf = (registry: Record<string, string>): Operation[] =>
  Object.entries(registry).flatMap(([scope, packed]) =>
    Object.entries(decodeScope(packed)).map(([name, [route, defaults]]) => ({ scope, name, route, defaults })),
  );
const operations = operationsOf(routes);
/** Every deployment's registry, with the `baseUrl` its users give (GHES: `/api/v3` on their host). */
const DEPLOYMENTS = [
  { deployment: "api.github.com", baseUrl: BASE, registry: undefined, operations },
  { deployment: "ghec", baseUrl: BASE, registry: ghec.registry, operations: operationsOf(ghec.routes) },
  {
    deployment: "ghes-3.17",
    baseUrl: "https://ghe.example/api/v3",
    registry: ghes317.registry,
    operations: operationsOf(ghes317.routes),
  },
  {
    deployment: "ghes-3.18",
    baseUrl: "https://ghe.example/api/v3",
    registry: ghes318.registry,
    operations: operationsOf(ghes318.routes),
  },
  {
    deployment: "ghes-3.19",
    baseUrl: "https://ghe.example/api/v3",
    registry: ghes319.registry,
    operations: operationsOf(ghes319.routes),
  },
];

/** The parameters of one round for an operation, and the route @octokit has for it. */
function roundOf(route: string, round: number) {
  const [method, template] = route.split(" ") as [string, string];
  const { path, query } = placeholders(template);
  const params: Record<string, unknown> = {};
  for (const key of path) params[key] = PATH_VALUES[round];
  for (const key of query) params[key] = PATH_VALUES[(round + 1) % PATH_VALUES.length];
  if (method === "GET") Object.assign(params, QUERY_VALUES[round % QUERY_VALUES.length]);
  // GitHub's path, as @octokit's routes have it; an operation with its own server has it as baseUrl.
  const octokitRoute = `${method} ${template.replace(/\{\+/g, "{").replace("{origin}", "")}`;
  return { params, octokitRoute };
}

test("the registry is read: every operation is compared", () => {
  assert.ok(operations.length > 1000, String(operations.length));
});

test("every operation's URL equals @octokit/endpoint's, for every round of values, in every deployment", () => {
  const differences: string[] = [];
  for (const { deployment, baseUrl, registry, operations } of DEPLOYMENTS) {
    const methods = new Client({
      baseUrl,
      ...(registry && { deployment: registry }),
      log: { warn() {} },
    }) as unknown as Record<string, Record<string, { endpoint: (params: object) => { url: string } }>>;
    let compared = 0;
    for (const { scope, name, route, defaults } of operations) {
      const origin = (defaults as { origin?: string } | 0 | undefined) || undefined;
      PATH_VALUES.forEach((_, round) => {
        const { params, octokitRoute } = roundOf(route, round);
        const ours = methods[scope]![name]!.endpoint(params).url;
        // Uploads go to the uploads host of baseUrl; GHES's Manage API to the instance's origin.
        const server = origin?.origin;
        const base = !server ? baseUrl : server.includes("uploads") ? uploadsOrigin(baseUrl) : new URL(baseUrl).origin;
        const theirs = endpoint(octokitRoute, { baseUrl: base, ...params } as never).url;
        compared++;
        if (ours !== theirs && differences.length < 10)
          differences.push(`${deployment} ${scope}.${name}:\n  ${ours}\n  ${theirs}`);
      });
    }
    assert.ok(compared > 6000, `${deployment}: ${compared}`);
  }
  assert.equal(differences, []);
});

// What goes on the wire, not only what endpoint() says: every api.github.com operation sent by
// the drop-in Octokit (no parameter checks, as @octokit/rest) to a loopback server, once with
// slashes and once with `!'()*` in its path values; the server's request line is compared with
// @octokit/endpoint's URL for the same baseUrl. Operations served from another origin
// (uploads) are compared through endpoint() above.
test("every operation's request line on the wire is @octokit/endpoint's", async () => {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const octokit = new Octokit({ baseUrl, log: { debug() {}, info() {}, warn() {}, error() {} } }) as unknown as {
      rest: Record<string, Record<string, (params: object) => Promise<unknown>>>;
    };
    const differences: string[] = [];
    let sent = 0;
    for (const { scope, name, route } of operations) {
      if (route.includes("{origin}")) continue;
      for (const round of [1, 4]) {
        const { params, octokitRoute } = roundOf(route, round);
        const expected = endpoint(octokitRoute, { baseUrl, ...params } as never);
        received.length = 0;
        await octokit.rest[scope]![name]!(params);
        sent++;
        const line = `${expected.method} ${expected.url.slice(baseUrl.length)}`;
        if (received[0] !== line && differences.length < 10)
          differences.push(`${scope}.${name}:\n  ${received[0]}\n  ${line}`);
      }
    }
    assert.equal(differences, []);
    assert.ok(sent > 2000, String(sent));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
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
