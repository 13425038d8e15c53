// Every method name of the @octokit/rest v15/v16 era (the route lists of @octokit/rest@15.18.3
// and @octokit/plugin-rest-endpoint-methods@2.4.0) resolves: it sends its route, or rejects as
// removed with nothing sent. Each call goes to the loopback server.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { Client as Full } from "../../plugins/presets/full.js";
import { legacyRoutes, removed } from "../../definitions/api.github.com/aliases.js";
import { registry } from "../../plugins/presets/registry.js";
import { aliasTarget } from "../../plugins/endpoints/registry.js";
import { startServer, type TestServer } from "../helpers/server.js";

const require = createRequire(import.meta.url);
type Entry = { method?: string; url?: string; alias?: string; params?: Record<string, { enum?: unknown[] }> };
type Table = Record<string, Record<string, Entry>>;
const v15 = require("octokit-rest-v15/lib/routes.json") as Table;
const v16 = (await import("octokit-endpoint-methods-v2/dist-src/generated/endpoints.js")).default as Table;

const test = suite("plugins: endpoints, every @octokit/rest v15/v16 method name");
let server: TestServer;
test.before(async () => {
  server = await startServer({ "*": () => ({ body: {} }) });
});
test.after(() => server.close());

/** A value for every parameter an old route names, so the route can be filled. */
function valuesFor(entry: Entry | undefined, seen = new Set<Entry>()): Record<string, unknown> {
  if (!entry || seen.has(entry)) return {};
  seen.add(entry);
  if (entry.alias) {
    const [scope, name] = entry.alias.split(".") as [string, string];
    return valuesFor(v16[scope]?.[name] ?? v15[scope]?.[name], seen);
  }
  const values: Record<string, unknown> = {};
  for (const [name, about] of Object.entries(entry.params ?? {}))
    values[name] = about.enum?.[0] ?? (/number|_id$|^id$/.test(name) ? 7 : "x");
  if (entry.url?.includes(":archive_format")) values.archive_format = "tarball";
  // The v16 upload form: `url` is the release's upload_url.
  if (entry.url === ":url") values.url = `${server.url}/repos/o/r/releases/7/assets{?name,label}`;
  return values;
}

test("old routes are sent as they were; each legacy name warns once", async () => {
  const warnings: string[] = [];
  const client = new Full({
    baseUrl: server.url,
    log: { debug() {}, info() {}, warn: (message: string) => void warnings.push(message), error() {} },
  } as never);
  server.requests.length = 0;
  const c = client as unknown as Record<string, Record<string, (p: object) => Promise<unknown>>>;
  await c.repos!.getArchiveLink!({ owner: "o", repo: "r", archive_format: "zipball", ref: "main" });
  await c.git!.listRefs!({ owner: "o", repo: "r", namespace: "heads" });
  await c.git!.listRefs!({ owner: "o", repo: "r", namespace: "tags" });
  await c.gitdata!.getReference!({ owner: "o", repo: "r", ref: "heads/main" });
  await c.gitdata!.getTags!({ owner: "o", repo: "r" });
  await c.repos!.getById!({ id: 42 });
  await c.gitdata!.getCommit!({ owner: "o", repo: "r", commit_sha: "abc" });
  assert.equal(
    server.requests.map((r) => `${r.method} ${r.url}`),
    [
      "GET /repos/o/r/zipball/main",
      "GET /repos/o/r/git/refs/heads",
      "GET /repos/o/r/git/refs/tags",
      "GET /repos/o/r/git/refs/heads%2Fmain",
      "GET /repos/o/r/git/refs/tags",
      "GET /repositories/42",
      "GET /repos/o/r/git/commits/abc",
    ],
  );
  assert.equal(
    warnings.map((w) => w.split("(")[0]),
    [
      "repos.getArchiveLink",
      "git.listRefs",
      "gitdata.getReference",
      "gitdata.getTags",
      "repos.getById",
      "gitdata.getCommit",
    ],
  );
  assert.match(warnings[0]!, /old route GET \/repos\/\{owner\}\/\{repo\}\/\{archive_format\}\/\{\+ref\}/);
  assert.match(warnings[5]!, /use git\.getCommit\(\)/);
});

test("each name sends today's route, its old route, or rejects as removed with nothing sent", async () => {
  const warnings: string[] = [];
  const client = new Full({
    baseUrl: server.url,
    log: { debug() {}, info() {}, warn: (message: string) => void warnings.push(message), error() {} },
  } as never) as unknown as Record<string, Record<string, any>>;
  const names = new Map<string, Entry>();
  for (const table of [v16, v15])
    for (const [scope, methods] of Object.entries(table))
      for (const [name, entry] of Object.entries(methods))
        if (!names.has(`${scope}.${name}`)) names.set(`${scope}.${name}`, entry);
  const counts = { current: 0, alias: 0, oldRoute: 0, removed: 0 };
  for (const [full, entry] of names) {
    const [scope, name] = full.split(".") as [string, string];
    const method = client[scope]?.[name];
    assert.type(method, "function", `${full} resolves`);
    const before = server.requests.length;
    const params = valuesFor(entry);
    const message = removed[scope]?.[name];
    if (message) {
      counts.removed++;
      const error = await method(params).then(
        () => undefined,
        (e: Error) => e,
      );
      assert.ok(error, `${full} rejects`);
      assert.is(error!.message, message);
      assert.match(error!.message, /was removed: .*\. Use .*Nothing was sent\.$/);
      assert.is(server.requests.length, before, `${full}: nothing sent`);
      continue;
    }
    const old = legacyRoutes[scope]?.[name];
    const target = aliasTarget(registry, scope, name);
    counts[old ? "oldRoute" : target ? "alias" : "current"]++;
    // What it must send: the old route for legacyRoutes, else the route of today's operation.
    const [toScope, toName] = (target ?? full).split(".") as [string, string];
    const defaults = client[toScope]![toName]!.endpoint.DEFAULTS;
    const route: string = old ?? `${defaults.method} ${defaults.url}`;
    const options = method.endpoint(params);
    assert.is(options.method, route.split(" ")[0], `${full}: HTTP method`);
    const expected = route
      .slice(route.indexOf(" ") + 1)
      .replace(/^\{origin\}/, "")
      .replace(/\{\?[^}]*\}$/, "");
    const sentPath = decodeURIComponent(new URL(options.url).pathname);
    const pattern = new RegExp(`^${expected.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\+?[^}]+\}/g, ".+")}$`);
    assert.match(sentPath, pattern, `${full}: ${sentPath} fits ${expected}`);
  }
  assert.equal(counts, { current: counts.current, alias: counts.alias, oldRoute: 8, removed: 176 });
  assert.is(counts.current + counts.alias + counts.oldRoute + counts.removed, names.size);
});

test("a removed endpoint names the removal and the replacement, also through .endpoint()", async () => {
  const client = new Full({ baseUrl: server.url }) as unknown as Record<string, Record<string, any>>;
  server.requests.length = 0;
  const error = await client.oauthAuthorizations!.createAuthorization!({ note: "x" }).catch((e: Error) => e);
  assert.match(error.message, /OAuth Authorizations API/);
  assert.match(error.message, /Nothing was sent/);
  assert.throws(
    () => client.repos!.listDownloads!.endpoint({ owner: "o", repo: "r" }),
    /Downloads API.*repos\.uploadReleaseAsset/,
  );
  assert.is(server.requests.length, 0);
});

test("GHES: v15's misspelt pre_receive_hooks names reach enterpriseAdmin; enterprise.stats keeps its route", async () => {
  // The built package: deployments load through require() of the built modules.
  const { default: forgekit } = await import("forgekit" as string);
  const client = forgekit({ baseUrl: `${server.url}/api/v3`, deployment: "ghes-3.19" }) as unknown as Record<
    string,
    Record<string, (p: object) => Promise<unknown>>
  >;
  server.requests.length = 0;
  await client.enterprise!.deletePreReceiveHook!({ id: 3 });
  await client.enterprise!.stats!({ type: "repos" });
  assert.equal(
    server.requests.map((r) => `${r.method} ${r.url}`),
    ["DELETE /api/v3/admin/pre-receive-hooks/3", "GET /api/v3/enterprise/stats/repos"],
  );
  const error = await client.enterprise!.queueIndexingJob!({ target: "x" }).catch((e: Error) => e);
  assert.match((error as Error).message, /GitHub Enterprise Server no longer serves this administration endpoint/);
});

test.run();
