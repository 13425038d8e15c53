import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, isParameterError } from "../../kernel/index.js";
import forgekit from "../../plugins/presets/full.js";
import { auth } from "../../plugins/auth/index.js";
import { graphql, isGraphqlResponseError, graphqlUrl } from "../../plugins/graphql/index.js";
import { isRateLimitError } from "../../plugins/policy/index.js";
import { startMockServer, type MockServer } from "../server/index.js";
import { answerGraphql } from "../server/graphql.js";

const test = suite("plugins: graphql (against GitHub's schema on forgekit/testing)");
const TOKEN = "ghp_graphqltesttoken0123456789abcdefghij";
let server: MockServer;
const make = (options: Record<string, unknown> = {}) =>
  forgekit({ baseUrl: server.url, auth: TOKEN, retry: { delay: 1 }, ...options });
const graphqlRequests = () => server.requests.filter((r) => r.path.endsWith("/graphql"));

test.before(async () => {
  server = await startMockServer();
});
test.after(() => server.close());
test.before.each(() => server.reset());

test("a plain query resolves to data, sent as POST /graphql with the token", async () => {
  const data = await make().graphql(`{ viewer { login } repository(owner: "octocat", name: "hello-world") { name } }`);
  assert.equal(data, { viewer: { login: "octocat" }, repository: { name: "hello-world" } });
  const [sent] = graphqlRequests();
  assert.is(sent!.method, "POST");
  assert.is(sent!.headers.authorization, `token ${TOKEN}`);
});

test("variables: graphql(query, variables) and graphql({ query, ...variables }); defaults() merge", async () => {
  const query = "query ($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { nameWithOwner } }";
  const client = make();
  const a = await client.graphql(query, { owner: "octo-org", repo: "beta" });
  const b = await client.graphql({ query, owner: "octo-org", repo: "gamma" });
  const c = await client.graphql.defaults({ owner: "octocat", headers: { "x-extra": "1" } })(query, {
    repo: "hello-world",
  });
  assert.equal(
    [a, b, c].map((d) => d.repository.nameWithOwner),
    ["octo-org/beta", "octo-org/gamma", "octocat/hello-world"],
  );
  assert.equal(JSON.parse(graphqlRequests()[2]!.body).variables, { owner: "octocat", repo: "hello-world" });
  assert.is(graphqlRequests()[2]!.headers["x-extra"], "1");
  const error = await client.graphql(query, { query: "x" } as never).catch((e: unknown) => e);
  assert.ok(isParameterError(error) && /"query" cannot be a GraphQL variable name/.test((error as Error).message));
  assert.is(graphqlRequests().length, 3, "refused before any I/O");
});

test("errors with partial data: typed error with errors, data, operation name and request id, no secrets", async () => {
  const query = `query Pair($token: String!) { a: repository(owner: "octocat", name: "hello-world") { name } b: repository(owner: "octocat", name: $token) { name } }`;
  const secret = "hunter2-secret-value";
  const error = await make()
    .graphql(query, { token: secret })
    .catch((e: unknown) => e);
  assert.ok(isGraphqlResponseError(error));
  assert.is(error.errors[0]!.type, "NOT_FOUND");
  assert.equal(error.data, { a: { name: "hello-world" }, b: null });
  assert.is(error.operationName, "Pair");
  assert.match(error.requestId!, /^[0-9A-F]{4}:/);
  // GitHub quotes the value in its message: the secret-looking variable's value is masked.
  assert.match(error.message, /Could not resolve to a Repository with the name 'octocat\/\[REDACTED\]'/);
  const printed = JSON.stringify({ ...error, message: error.message, stack: error.stack });
  assert.not.ok(printed.includes(TOKEN.slice(4)), "no token");
  assert.not.ok(printed.includes(secret), "no secret-looking variable");
  const invalid = await make()
    .graphql(`{ repository(owner: "octocat", name: "hello-world") { nope } }`)
    .catch((e: unknown) => e);
  assert.ok(isGraphqlResponseError(invalid));
  assert.match(invalid.errors[0]!.message, /Cannot query field "nope" on type "Repository"/);
  assert.equal(invalid.errors[0]!.locations, [{ line: 1, column: 55 }]);
});

test("auth forms: a composed client with an App installation sends the installation token", async () => {
  server.respond("POST /app/installations/{id}/access_tokens", {
    status: 201,
    body: { token: "ghs_installation1aaaaaaaaaaaaaaaaaaaa", expires_at: new Date(Date.now() + 3600_000).toISOString() },
  });
  const { generateAppKeys } = await import("../helpers/auth-keys.js");
  const App = Client.plugin([auth, graphql]);
  const client = new App({
    baseUrl: server.url,
    auth: { appId: 1, privateKey: generateAppKeys().pkcs1, installationId: 1 },
  });
  const data = await client.graphql("{ viewer { login } }");
  assert.equal(data, { viewer: { login: "octocat" } });
  assert.is(graphqlRequests()[0]!.headers.authorization, "token ghs_installation1aaaaaaaaaaaaaaaaaaaa");
  const anonymous = await new (Client.plugin([graphql]))({ baseUrl: server.url })
    .graphql("{ viewer { login } }")
    .catch((e: unknown) => e);
  assert.is((anonymous as { status: number }).status, 401);
});

test("a query is retried on 502 (queries are idempotent); a mutation is not", async () => {
  let calls = 0;
  server.respond("POST /graphql", async (request) =>
    calls++ ? answerGraphql(request.body, "octocat") : { status: 502, body: { message: "Server Error" } },
  );
  assert.equal(await make().graphql("{ viewer { login } }"), { viewer: { login: "octocat" } });
  assert.is(calls, 2);
  calls = 0;
  const error = await make()
    .graphql(`mutation { addStar(input: { starrableId: "x" }) { clientMutationId } }`)
    .catch((e: unknown) => e);
  assert.is((error as { status: number }).status, 502);
  assert.is(calls, 1);
});

test("rate limits: a secondary-limit 403 pauses and retries; an exhausted graphql budget reaches onRateLimit", async () => {
  let calls = 0;
  server.respond("POST /graphql", async (request) =>
    calls++
      ? answerGraphql(request.body, "octocat")
      : {
          status: 403,
          headers: { "retry-after": "1" },
          body: {
            message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          },
        },
  );
  const started = Date.now();
  assert.equal(await make().graphql("{ viewer { login } }"), { viewer: { login: "octocat" } });
  assert.ok(Date.now() - started >= 900, "waited for Retry-After");
  const limited = await startMockServer({ rateLimit: { graphql: 1 } });
  try {
    const seen: Array<{ resource: string; kind: string }> = [];
    const client = forgekit({
      baseUrl: limited.url,
      auth: TOKEN,
      throttle: {
        maxWait: 2 * 3600_000,
        onRateLimit: (_retryAfter, _options, _client, _retryCount, info) => (
          seen.push({ resource: info.resource, kind: info.kind }),
          false
        ),
      },
    });
    await client.graphql("{ viewer { login } }");
    const error = await client.graphql("{ viewer { login } }").catch((e: unknown) => e);
    assert.ok(isRateLimitError(error), String(error));
    assert.equal(seen, [{ resource: "graphql", kind: "primary" }]);
    assert.is(limited.requests.at(-1)!.status, 200);
  } finally {
    await limited.close();
  }
});

test("a RATE_LIMITED answer (status 200) is held until the reset, then sent again; unretried, it is the GraphQL error", async () => {
  let calls = 0;
  const limited = () => ({
    headers: {
      "x-ratelimit-remaining": "0",
      "x-ratelimit-limit": "5000",
      "x-ratelimit-resource": "graphql",
      "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + 1),
    },
    body: { errors: [{ type: "RATE_LIMITED", message: "API rate limit already exceeded for user ID 1." }] },
  });
  server.respond("POST /graphql", async (request) => (calls++ ? answerGraphql(request.body, "octocat") : limited()));
  const started = Date.now();
  assert.equal(await make().graphql("{ viewer { login } }"), { viewer: { login: "octocat" } });
  assert.is(calls, 2);
  assert.ok(Date.now() - started >= 500, "held until the reset");
  server.respond("POST /graphql", limited);
  const error = await make({ retry: false, throttle: false })
    .graphql("{ viewer { login } }")
    .catch((e: unknown) => e);
  assert.ok(isGraphqlResponseError(error));
  assert.is(error.errors[0]!.type, "RATE_LIMITED");
});

test("GHES: https://HOST/api/v3 → https://HOST/api/graphql", async () => {
  assert.is(graphqlUrl("https://ghe.example.com/api/v3/"), "https://ghe.example.com/api/graphql");
  assert.is(graphqlUrl("https://api.github.com"), "https://api.github.com/graphql");
  const data = await make({ baseUrl: `${server.url}/api/v3` }).graphql("{ viewer { login } }");
  assert.equal(data, { viewer: { login: "octocat" } });
  assert.is(server.requests[0]!.path, "/api/graphql");
});

const ISSUES = `query ($cursor: String) { repository(owner: "octocat", name: "hello-world") {
  issues(first: 10, after: $cursor) { totalCount nodes { number } pageInfo { hasNextPage endCursor } } } }`;

test("flat pagination: every page merged, forward and backward", async () => {
  const data = await make().graphql.paginate(ISSUES);
  assert.equal(
    data.repository.issues.nodes.map((n: { number: number }) => n.number),
    Array.from({ length: 42 }, (_, i) => i + 1),
  );
  assert.is(data.repository.issues.pageInfo.hasNextPage, false);
  assert.is(graphqlRequests().length, 5);
  const backward = await make().graphql.paginate(
    `query ($before: String) { repository(owner: "octocat", name: "hello-world") {
      issues(last: 20, before: $before) { edges { node { number } } pageInfo { hasPreviousPage startCursor } } } }`,
  );
  assert.equal(
    backward.repository.issues.edges.map((e: { node: { number: number } }) => e.node.number),
    Array.from({ length: 42 }, (_, i) => i + 1),
  );
});

test("nested pagination: 3 repositories × 250 issues, each under the right repository", async () => {
  const data = await make().graphql.paginate(
    `query ($org: String!, $cursor: String, $issues: String) { organization(login: $org) {
      repositories(first: 2, after: $cursor) {
        nodes { name issues(first: 100, after: $issues) { nodes { title } pageInfo { hasNextPage endCursor } } }
        pageInfo { hasNextPage endCursor } } } }`,
    { org: "octo-org" },
  );
  const repos = data.organization.repositories.nodes as Array<{ name: string; issues: { nodes: { title: string }[] } }>;
  assert.equal(
    repos.map((r) => r.name),
    ["alpha", "beta", "gamma"],
  );
  let total = 0;
  for (const repo of repos) {
    assert.equal(
      repo.issues.nodes.map((n) => n.title),
      Array.from({ length: 250 }, (_, i) => `${repo.name} issue ${i + 1}`),
    );
    assert.equal(Object.keys(repo), ["name", "issues"], "forgekit's added id and type are removed");
    total += repo.issues.nodes.length;
  }
  assert.is(total, 750);
  assert.is(graphqlRequests().length, 2 + 3 * 2, "2 outer pages, 2 follow-ups per repository");
});

test("iterator: page by page, stopping early sends nothing more", async () => {
  const seen: number[] = [];
  for await (const page of make().graphql.paginate.iterator(ISSUES)) {
    seen.push(page.repository.issues.nodes.length);
    if (seen.length === 2) break;
  }
  assert.equal(seen, [10, 10]);
  assert.is(graphqlRequests().length, 2);
});

test("a query without usable pageInfo is refused before any I/O, naming the fix", async () => {
  const none = await make()
    .graphql.paginate(`{ viewer { login } }`)
    .catch((e: unknown) => e);
  assert.ok(isParameterError(none) && /no connection to paginate/.test((none as Error).message));
  const partial = await make()
    .graphql.paginate(
      `query ($c: String) { viewer { repositories(first: 5, after: $c) { pageInfo { hasNextPage } } } }`,
    )
    .catch((e: unknown) => e);
  assert.match((partial as Error).message, /lacks endCursor: select pageInfo \{ hasNextPage endCursor \}/);
  assert.is(graphqlRequests().length, 0);
});

test.run();
