// Issue 35, items 10 and 11: the URLs v16-era code and its mocks expect. v16's name
// `repos.getContents({ path: "" })` lists the root at `…/contents/` (@octokit/endpoint 6 kept
// the slash) while today's `repos.getContent` sends `…/contents`, as @octokit/rest 22 does; and
// `paginate` adds no `per_page` to an operation that takes none, in v16's `:org` form too.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { Octokit as RealOctokit } from "@octokit/rest";
import forgekit, { Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const require = createRequire(import.meta.url);
const V16 = require("octokit-rest-v16").Octokit as new (options: object) => any;

const test = suite("octokit drop-in: v16's URLs");
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": { body: [] } });
});
test.after(() => server.close());

/** The URLs `calls` sent. */
async function sent(calls: () => Promise<unknown>) {
  server.requests.length = 0;
  await calls();
  return server.requests.map((r) => r.url);
}

const getContents = (client: any) => async () => {
  await client.repos.getContents({ owner: "o", repo: "r", path: "" });
  await client.repos.getContents({ owner: "o", repo: "r", path: "", ref: "main" });
  await client.repos.getContents({ owner: "o", repo: "r", path: "docs/a.md" });
  await client.paginate(client.repos.getContents.endpoint.merge({ owner: "o", repo: "r", path: "" }));
};

test("repos.getContents (v16's name) sends what @octokit/rest 16 sends, from Octokit and forgekit()", async () => {
  const theirs = await sent(getContents(new V16({ baseUrl: server.url, log: quiet })));
  assert.equal(theirs, [
    "/repos/o/r/contents/",
    "/repos/o/r/contents/?ref=main",
    "/repos/o/r/contents/docs%2Fa.md",
    "/repos/o/r/contents/",
  ]);
  assert.equal(await sent(getContents(new Octokit({ baseUrl: server.url, log: quiet }))), theirs);
  assert.equal(await sent(getContents(forgekit({ baseUrl: server.url, log: quiet }))), theirs);
});

// A leading slash: v16 (@octokit/endpoint 6, `:path`) encodes every `/` of the value, the
// leading one too.
test("repos.getContents (v16's name) with a leading slash sends what @octokit/rest 16 sends", async () => {
  const paths = (client: any) => async () => {
    for (const path of ["/", "/docs/a b.md", "//x", "docs/"])
      await client.repos.getContents({ owner: "o", repo: "r", path });
  };
  const theirs = await sent(paths(new V16({ baseUrl: server.url, log: quiet })));
  assert.equal(theirs, [
    "/repos/o/r/contents/%2F",
    "/repos/o/r/contents/%2Fdocs%2Fa%20b.md",
    "/repos/o/r/contents/%2F%2Fx",
    "/repos/o/r/contents/docs%2F",
  ]);
  assert.equal(await sent(paths(new Octokit({ baseUrl: server.url, log: quiet }))), theirs);
  assert.equal(await sent(paths(forgekit({ baseUrl: server.url, log: quiet }))), theirs);
});

test("repos.getContent (today's name) sends what @octokit/rest 22 sends", async () => {
  const root = (client: any) => () => client.rest.repos.getContent({ owner: "o", repo: "r", path: "" });
  const theirs = await sent(root(new RealOctokit({ baseUrl: server.url })));
  assert.equal(theirs, ["/repos/o/r/contents"]);
  assert.equal(await sent(root(new Octokit({ baseUrl: server.url }))), theirs);
  assert.equal(await sent(root(forgekit({ baseUrl: server.url }))), theirs);
});

test("paginate of an operation without per_page adds none, in the {org} and :org forms", async () => {
  const org = (client: any) => async () => {
    await client.paginate("GET /orgs/:org", { org: "x" });
    await client.paginate("GET /orgs/{org}", { org: "x" });
  };
  const theirs = await sent(org(new V16({ baseUrl: server.url, log: quiet })));
  assert.equal(theirs, ["/orgs/x", "/orgs/x"]);
  assert.equal(await sent(org(new Octokit({ baseUrl: server.url }))), theirs);
  assert.equal(await sent(org(forgekit({ baseUrl: server.url }))), theirs);
  // An operation that takes it: forgekit() asks for 100, in either form (docs/migrating.md).
  const issues = await sent(() =>
    forgekit({ baseUrl: server.url }).paginate("GET /repos/:owner/:repo/issues", { owner: "o", repo: "r" }),
  );
  assert.equal(issues, ["/repos/o/r/issues?per_page=100"]);
});

test.run();
