// The GraphQL query reader and pagination planner (no graphql-js in the client): syntax
// errors, fragments, aliases, edges, follow-up queries, the document printer; and the
// generated follow-ups validated for real by GitHub's schema on forgekit/testing.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { parse, print } from "graphql";
import { isParameterError } from "../../kernel/index.js";
import forgekit from "../../plugins/presets/full.js";
import { parseDocument, operationOf } from "../../plugins/graphql/document.js";
import { followUp, planOf } from "../../plugins/graphql/plan.js";
import { printDocument } from "../../plugins/graphql/print.js";
import { queryText } from "../../plugins/graphql/request.js";
import { startMockServer } from "../server/index.js";

const test = suite("plugins: graphql query analysis");

const refused = (fn: () => unknown, pattern: RegExp) => {
  try {
    fn();
  } catch (error) {
    assert.ok(isParameterError(error), String(error));
    assert.match((error as Error).message, pattern);
    return;
  }
  assert.unreachable("expected a ParameterError");
};

test("syntax errors name line and column; strings, block strings and comments are skipped", () => {
  refused(
    () => parseDocument("query {\n  viewer { login \n"),
    /line 3, column 1: expected a name, found "end of query"/,
  );
  refused(() => parseDocument('{ a(x: "unterminated) }'), /unterminated string/);
  const document = parseDocument(
    '# a comment with { braces\nquery Q($a: [String!]! = ["x"], $b: In = {k: """block "quoted" }"""}) @dir { f(a: $a, b: $b, c: 1.5e3, d: ENUM) }',
  );
  const operation = operationOf(document);
  assert.is(operation.name, "Q");
  assert.equal(Object.keys(operation.variables), ["a", "b"]);
  const field = operation.selection.items[0] as { variables: Record<string, string> };
  assert.equal(field.variables, { a: "a", b: "b" });
  refused(() => operationOf(parseDocument("query A { a } query B { b }")), /pass operationName/);
  refused(() => operationOf(parseDocument("query A { a }"), "C"), /no operation named "C"/);
});

test("connections through aliases, named and inline fragments, and edges", () => {
  const plan = planOf(`query ($cursor: String, $inner: String) {
    owner: repositoryOwner(login: "o") { ...Repos }
  }
  fragment Repos on RepositoryOwner {
    repos: repositories(first: 5, after: $cursor) {
      edges { node { ... on Repository { list: issues(first: 5, after: $inner) { ...Page nodes { title } } } } }
      ...Page
    }
  }
  fragment Page on IssueConnection { info: pageInfo { more: hasNextPage end: endCursor } }`);
  assert.equal(plan.root.path, ["owner", "repos"]);
  assert.equal(plan.root.edges, { key: "edges", node: "node" });
  assert.equal(plan.root.keys, { pageInfo: "info", more: "more", cursor: "end" });
  assert.is(plan.root.children.length, 1);
  const child = plan.root.children[0]!;
  assert.equal(child.path, ["list"]);
  assert.is(child.cursor, "inner");
  assert.ok(plan.text.includes("forgekitNodeType: __typename ... on Node { forgekitNodeId: id }"));
  const next = followUp(plan, child, "Repository");
  assert.match(
    next.text,
    /^query ForgekitFollowUp\(\$forgekitNodeId: ID!, \$inner: String\) \{ forgekitNode: node\(id: \$forgekitNodeId\) \{ \.\.\. on Repository \{/,
  );
  assert.ok(next.text.includes("fragment Page on IssueConnection"), "the fragments it uses come along");
  assert.not.ok(next.text.includes("fragment Repos"), "and no others");
  assert.equal(next.root.path, ["forgekitNode", "list"]);
});

test("backward connections, and queries that cannot be paginated", () => {
  const plan = planOf(
    "query ($b: String) { r { issues(last: 5, before: $b) { pageInfo { hasPreviousPage startCursor } } } }",
  );
  assert.is(plan.root.forward, false);
  refused(() => planOf("{ viewer { login } }"), /no connection to paginate/);
  refused(
    () => planOf("query ($b: String) { r { issues(last: 5, before: $b) { pageInfo { hasNextPage endCursor } } } }"),
    /lacks hasPreviousPage and startCursor/,
  );
  refused(
    () =>
      planOf(
        "query ($a: String, $b: String) { x(after: $a) { pageInfo { hasNextPage endCursor } } y(after: $b) { pageInfo { hasNextPage endCursor } } }",
      ),
    /paginates "x" and "y" side by side/,
  );
});

test("document objects: their source text, or printed when codegen left no location", () => {
  const text = `query Q($n: Int = 3, $l: [String!]) { a: repository(owner: "o", name: "r") { issues(first: $n, labels: $l, filterBy: { states: [OPEN] }) @include(if: true) { nodes { ... on Issue { title } ...F } } } } fragment F on Issue { number }`;
  assert.is(queryText(parse(text)), text);
  const printed = printDocument(parse(text, { noLocation: true }));
  assert.is(print(parse(printed)), print(parse(text)));
  assert.is(queryText(new String("{ viewer { login } }") as never), "{ viewer { login } }");
  refused(() => queryText(42 as never), /needs a query/);
});

test("generated follow-ups pass GitHub's schema: fragments, aliases and edges, 750 issues", async () => {
  const server = await startMockServer();
  try {
    const client = forgekit({ baseUrl: server.url, auth: "ghp_queryanalysis0000000000000000000000000" });
    const data = await client.graphql.paginate(
      `query Org($org: String!, $cursor: String, $issues: String) {
        org: organization(login: $org) {
          repos: repositories(first: 1, after: $cursor) {
            edges { node { name list: issues(first: 60, after: $issues) { edges { node { ...IssueFields } } ...Info } } }
            pageInfo { hasNextPage endCursor }
          }
        }
      }
      fragment IssueFields on Issue { title }
      fragment Info on IssueConnection { pageInfo { hasNextPage endCursor } }`,
      { org: "octo-org" },
    );
    const repos = data.org.repos.edges.map(
      (e: { node: { name: string; list: { edges: { node: { title: string } }[] } } }) => e.node,
    );
    assert.equal(
      repos.map((r: { name: string }) => r.name),
      ["alpha", "beta", "gamma"],
    );
    for (const repo of repos)
      assert.equal(
        repo.list.edges.map((e: { node: { title: string } }) => e.node.title),
        Array.from({ length: 250 }, (_, i) => `${repo.name} issue ${i + 1}`),
      );
    assert.ok(server.requests.every((r) => r.status === 200));
    assert.is(server.requests.length, 3 + 3 * 4, "3 outer pages; 4 follow-ups of 60 per repository");
  } finally {
    await server.close();
  }
});

test.run();
