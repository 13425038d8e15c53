import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { buildFixture, formatFixture, loadFixture } from "../server/index.js";
import { expand, share, truncate, LIMITS } from "../server/compact.js";
import { createCatalog } from "../server/catalog.js";

const test = suite("testing: the route table (test/fixtures/github-api.json)");
const root = new URL("../../", import.meta.url);
const committed = readFileSync(new URL("test/fixtures/github-api.json", root), "utf8");
const fixture = loadFixture();

test("is what a fresh generation from @octokit/openapi produces (regenerate when this fails)", () => {
  const openapi = new URL("node_modules/@octokit/openapi/", root);
  const version = JSON.parse(readFileSync(new URL("package.json", openapi), "utf8")).version;
  const spec = JSON.parse(readFileSync(new URL("generated/api.github.com.json", openapi), "utf8"));
  const fresh = formatFixture(buildFixture(spec, version));
  assert.ok(
    fresh === committed,
    "test/fixtures/github-api.json is stale: run node --import ./test/helpers/register.mjs test/fixtures/generate-github-api.ts",
  );
  let operations = 0;
  for (const item of Object.values(spec.paths as Record<string, object>))
    operations += Object.keys(item).filter((key) =>
      ["get", "put", "post", "patch", "delete", "head", "options"].includes(key),
    ).length;
  assert.is(fixture.routes.length, operations, "one route per operation of the description");
});

test("stays compact: under 700 kB, one example per operation at most", () => {
  assert.ok(committed.length < 700_000, `${committed.length} bytes`);
  const routes = fixture.routes.filter((route) => route[3] !== null);
  assert.ok(fixture.examples.length <= routes.length);
  assert.ok(routes.length > 900, `${routes.length} operations have an example`);
});

test("every route template resolves to its own operation", () => {
  const catalog = createCatalog(fixture);
  const wrong: string[] = [];
  for (const [route, operationId] of fixture.routes) {
    const [method, template] = route.split(" ") as [string, string];
    const path = template.replace(/\{\+(\w+)\}/g, "$1/x").replace(/\{(\w+)\}/g, "v-$1");
    const match = catalog.match(method, path);
    if (match?.value.operationId !== operationId) wrong.push(`${route} → ${match?.value.operationId}`);
  }
  assert.equal(wrong, []);
});

test("examples keep their shape: truncate shortens strings, arrays and key lists", () => {
  const long = "x".repeat(LIMITS.string + 50);
  assert.equal(truncate({ a: long, list: [1, 2, 3], nested: { b: [{ c: long }] } }), {
    a: `${"x".repeat(LIMITS.string)}…`,
    list: [1],
    nested: { b: [{ c: `${"x".repeat(LIMITS.string)}…` }] },
  });
  const wide = Object.fromEntries(Array.from({ length: LIMITS.keys + 20 }, (_, i) => [`k${i}`, i]));
  assert.is(Object.keys(truncate(wide) as object).length, LIMITS.keys);
});

test("share stores repeated sub-objects once and expand restores them", () => {
  const user = {
    login: "octocat",
    id: 1,
    url: "https://api.github.com/users/octocat",
    html_url: "https://github.com/octocat",
    type: "User",
    site_admin: false,
    extra: "padding-padding-padding",
  };
  const examples = [
    { owner: user, title: "a" },
    [{ user, assignees: [user] }],
    { small: { a: 1 } },
    { small: { a: 1 } },
  ];
  const { examples: stored, shared } = share(examples);
  assert.is(shared.length, 1, "only the big repeated object is shared");
  assert.equal(stored[0], { owner: { $shared: 0 }, title: "a" });
  const cache = new Map<number, unknown>();
  assert.equal(
    stored.map((value) => expand(value, shared, cache)),
    examples,
  );
});

test("the committed examples expand to plain JSON (no $shared left)", () => {
  const cache = new Map<number, unknown>();
  const text = JSON.stringify(fixture.examples.map((example) => expand(example, fixture.shared, cache)));
  assert.not.match(text, /"\$shared"/);
});

test.run();
