// Nested GraphQL pagination without ceremony (issue 24): an inner connection that selects
// pageInfo { hasNextPage endCursor } (or the backward pair) is followed to its last page even
// without a cursor variable of its own, against GitHub's schema on forgekit/testing; where a
// connection cannot be followed, the call fails naming it, never with a partial list.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { isParameterError } from "../../kernel/index.js";
import forgekit from "../../plugins/presets/full.js";
import { startMockServer, type MockServer } from "../server/index.js";

const test = suite("plugins: graphql nested pagination");
const TOKEN = "ghp_graphqlnestedtoken0123456789abcdefgh";
let server: MockServer;
const make = () => forgekit({ baseUrl: server.url, auth: TOKEN, retry: false });
const sent = () => server.requests.filter((r) => r.path.endsWith("/graphql"));

test.before(async () => {
  server = await startMockServer();
});
test.after(() => server.close());
test.before.each(() => server.reset());

type Repo = { name: string; issues: { nodes: { title: string }[] } };
const titles = (name: string) => Array.from({ length: 250 }, (_, i) => `${name} issue ${i + 1}`);

/** Every repository with every one of its issues, in order: 750 in all. */
function assertComplete(repos: Repo[]): void {
  assert.equal(
    repos.map((r) => r.name),
    ["alpha", "beta", "gamma"],
  );
  for (const repo of repos) {
    assert.equal(
      repo.issues.nodes.map((n) => n.title),
      titles(repo.name),
    );
    assert.equal(Object.keys(repo), ["name", "issues"], "forgekit's added id and type are removed");
  }
  assert.is(
    repos.reduce((sum, r) => sum + r.issues.nodes.length, 0),
    750,
  );
}

const FORWARD = {
  "with an inner cursor variable": `query ($org: String!, $cursor: String, $issues: String) { organization(login: $org) {
    repositories(first: 2, after: $cursor) {
      nodes { name issues(first: 100, after: $issues) { nodes { title } pageInfo { hasNextPage endCursor } } }
      pageInfo { hasNextPage endCursor } } } }`,
  "without one": `query ($org: String!, $cursor: String) { organization(login: $org) {
    repositories(first: 2, after: $cursor) {
      nodes { name issues(first: 100) { nodes { title } pageInfo { hasNextPage endCursor } } }
      pageInfo { hasNextPage endCursor } } } }`,
};
const BACKWARD = {
  "with an inner cursor variable": `query ($org: String!, $cursor: String, $issues: String) { organization(login: $org) {
    repositories(last: 2, before: $cursor) {
      nodes { name issues(last: 100, before: $issues) { nodes { title } pageInfo { hasPreviousPage startCursor } } }
      pageInfo { hasPreviousPage startCursor } } } }`,
  "without one": `query ($org: String!, $cursor: String) { organization(login: $org) {
    repositories(last: 2, before: $cursor) {
      nodes { name issues(last: 100) { nodes { title } pageInfo { hasPreviousPage startCursor } } }
      pageInfo { hasPreviousPage startCursor } } } }`,
};

for (const [how, query] of Object.entries(FORWARD)) {
  test(`forward, ${how}: 3 repositories × 250 issues → 750`, async () => {
    const data = await make().graphql.paginate(query, { org: "octo-org" });
    assertComplete(data.organization.repositories.nodes);
    assert.is(sent().length, 2 + 3 * 2, "2 outer pages, 2 follow-ups per repository");
    assert.ok(server.requests.every((r) => r.status === 200));
  });
}

for (const [how, query] of Object.entries(BACKWARD)) {
  test(`backward, ${how}: 3 repositories × 250 issues → 750, in the connection's order`, async () => {
    const data = await make().graphql.paginate(query, { org: "octo-org" });
    assertComplete(data.organization.repositories.nodes);
    assert.is(sent().length, 2 + 3 * 2);
  });
}

test("the follow-up of a connection without a variable adds after: $forgekitCursor to it", async () => {
  await make().graphql.paginate(FORWARD["without one"], { org: "octo-org" });
  const followUp = JSON.parse(sent()[1]!.body) as { query: string; variables: Record<string, unknown> };
  assert.match(followUp.query, /issues\(first: 100, after: \$forgekitCursor\)/);
  assert.match(followUp.query, /\$forgekitCursor: String/);
  assert.is(typeof followUp.variables.forgekitCursor, "string");
});

test("a nested connection whose parent has no id fails naming it, with the fix; no partial list", async () => {
  // An answer shaped like GitHub's for a parent that is not a Node: no id on the item.
  server.respond("POST /graphql", {
    body: {
      data: {
        organization: {
          repositories: {
            nodes: [
              {
                name: "alpha",
                issues: { nodes: [{ title: "one" }], pageInfo: { hasNextPage: true, endCursor: "c1" } },
              },
            ],
            pageInfo: { hasNextPage: false, endCursor: "r1" },
          },
        },
      },
    },
  });
  const error = await make()
    .graphql.paginate(FORWARD["without one"], { org: "octo-org" })
    .catch((e: unknown) => e);
  assert.ok(isParameterError(error), String(error));
  assert.match(
    (error as Error).message,
    /^The connection "issues" has more pages, but its parent has no id to ask for them by .*: paginate it in a query of its own/,
  );
  assert.is(sent().length, 1);
});

test("a nested connection with a fixed after: is refused before anything is sent", async () => {
  const error = await make()
    .graphql.paginate(
      `query ($org: String!, $cursor: String) { organization(login: $org) { repositories(first: 2, after: $cursor) {
        nodes { name issues(first: 100, after: "Y3Vyc29yOjE=") { nodes { title } pageInfo { hasNextPage endCursor } } }
        pageInfo { hasNextPage endCursor } } } }`,
      { org: "octo-org" },
    )
    .catch((e: unknown) => e);
  assert.ok(isParameterError(error), String(error));
  assert.match(
    (error as Error).message,
    /The connection "issues" gives "after" a fixed value.*pass the cursor as a variable/,
  );
  assert.is(sent().length, 0);
});

test("a nested connection that selects no cursor pageInfo is taken as one page, as written", async () => {
  const data = await make().graphql.paginate(
    `query ($org: String!, $cursor: String) { organization(login: $org) { repositories(first: 3, after: $cursor) {
      nodes { name issues(first: 10) { nodes { title } } } pageInfo { hasNextPage endCursor } } } }`,
    { org: "octo-org" },
  );
  assert.equal(
    data.organization.repositories.nodes.map((r: Repo) => r.issues.nodes.length),
    [10, 10, 10],
  );
  assert.is(sent().length, 1);
});

test.run();
