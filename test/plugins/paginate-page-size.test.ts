// Issue 24: paginate asks for per_page=100 only where the operation takes `per_page`, also
// for a route given as a string or as an options object: the route is looked up in the
// client's registry (its deployment's), and only a route no registry has falls back to the
// path's shape. What reaches the loopback server is what is checked.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client as Full, Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("paginate: per_page=100 where the resolved operation takes per_page");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": { body: [] } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));
const sent = () => server.requests.map((r) => r.url);

test("route strings and options objects: the registry's operation decides, not the path's shape", async () => {
  const client = new Full({ baseUrl: server.url, auth: "ghp_pagesize" });
  // Paths ending in a literal segment whose operations take no per_page (users.getAuthenticated,
  // repos.getReadme, rateLimit.get): the shape alone would have added it.
  await client.paginate("GET /user");
  await client.paginate("GET /repos/{owner}/{repo}/readme", { owner: "o", repo: "r" });
  await client.paginate({ method: "GET", url: "/rate_limit" });
  // The case, as options: orgs.get takes none; repos.listForOrg does.
  await client.paginate({ method: "GET", url: "/orgs/{org}", org: "o" });
  await client.paginate({ method: "GET", url: "/orgs/{org}/repos", org: "o" });
  await client.paginate("GET /repos/{owner}/{repo}/contributors", { owner: "o", repo: "r" });
  assert.equal(sent(), [
    "/user",
    "/repos/o/r/readme",
    "/rate_limit",
    "/orgs/o",
    "/orgs/o/repos?per_page=100",
    "/repos/o/r/contributors?per_page=100",
  ]);
});

test("the drop-in Octokit sends no per_page of its own, as @octokit/rest; with paginate.perPage, the metadata decides", async () => {
  const octokit = new Octokit({ baseUrl: server.url });
  await octokit.paginate("GET /user");
  await octokit.paginate(octokit.rest.repos.listForOrg, { org: "o" });
  // Its methods send parameters unchecked, yet keep their metadata for the page size.
  const paged = new Octokit({ baseUrl: server.url, paginate: { perPage: 100 } });
  await paged.paginate("GET /user");
  await paged.paginate({ method: "GET", url: "/orgs/{org}", org: "o" });
  await paged.paginate(paged.rest.repos.listForOrg, { org: "o" });
  await paged.paginate(paged.rest.repos.listForOrg, { org: "o", type: "not-a-type" } as never);
  assert.equal(sent(), [
    "/user",
    "/orgs/o/repos",
    "/user",
    "/orgs/o",
    "/orgs/o/repos?per_page=100",
    "/orgs/o/repos?type=not-a-type&per_page=100",
  ]);
});

test("a route no registry has: a path ending in a literal segment is taken for a list", async () => {
  const client = new Full({ baseUrl: server.url });
  await client.paginate("GET /custom/things");
  await client.paginate("GET /custom/things/{id}", { id: 1 });
  assert.equal(sent(), ["/custom/things?per_page=100", "/custom/things/1"]);
});

test("the lookup uses the client's deployment: GHES's license route takes no per_page", async () => {
  // Deployments load with require() of the built registry: the built package (`npm test` builds first).
  const { Client: Full } = (await import("forgekit" as string)) as typeof import("../../plugins/presets/full.js");
  const route = "GET /enterprise/settings/license";
  // Only GHES has enterpriseAdmin.getLicenseInformation: on api.github.com the path's shape decides.
  await new Full({ baseUrl: server.url }).paginate(route);
  await new Full({ baseUrl: server.url, deployment: "ghes-3.18" }).paginate(route);
  await new Full({ baseUrl: server.url, deployment: "ghes-3.18" }).paginate("GET /admin/hooks");
  assert.equal(sent(), [
    "/enterprise/settings/license?per_page=100",
    "/enterprise/settings/license",
    "/admin/hooks?per_page=100",
  ]);
});

test("the caller's per_page wins; per_page: null sends none", async () => {
  const client = new Full({ baseUrl: server.url });
  await client.paginate("GET /orgs/{org}/repos", { org: "o", per_page: 7 });
  await client.paginate("GET /orgs/{org}/repos", { org: "o", per_page: null });
  await client.paginate(client.repos.listForOrg, { org: "o", per_page: null });
  assert.equal(sent(), ["/orgs/o/repos?per_page=7", "/orgs/o/repos", "/orgs/o/repos"]);
});

test.run();
