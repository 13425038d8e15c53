import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import sinon from "sinon";
import { Client } from "../../kernel/index.js";
import { endpoints, type Registry } from "../../plugins/endpoints/index.js";
import { Client as Full } from "../../plugins/presets/full.js";
import { registry } from "../../plugins/presets/registry.js";
import { loadedRoutes, registryScopes } from "../../plugins/endpoints/registry.js";
import { decodeScope } from "../../definitions/decode/trie.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: endpoints (api.github.com registry)");
let server: TestServer;
const camel = (s: string) => s.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

test.before(async () => {
  server = await startServer({
    "GET /orgs/octokit/repos": (req) => ({ body: [{ url: req.url }] }),
    "*": (req) => ({
      body: { method: req.method, url: req.url, body: req.body, type: req.headers["content-type"] ?? null },
    }),
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

test("every one of the description's operations resolves, with the description's route", () => {
  const spec = JSON.parse(readFileSync("node_modules/@octokit/openapi/generated/api.github.com.json", "utf8"));
  const client = new Full();
  let count = 0;
  for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(spec.paths)) {
    for (const [verb, operation] of Object.entries(item)) {
      if (!operation?.operationId) continue;
      const [scope, name] = operation.operationId.split("/").map(camel) as [string, string];
      const method = (client as unknown as Record<string, Record<string, any>>)[scope]![name];
      assert.type(method, "function", operation.operationId);
      const { method: httpMethod, url } = method.endpoint.DEFAULTS;
      const normalised = url
        .replace(/^\{origin\}/, "")
        .replace(/\{\?[^}]*\}$/, "")
        .replace(/\{\+/g, "{");
      assert.is(`${httpMethod} ${normalised}`, `${verb.toUpperCase()} ${path}`, operation.operationId);
      count++;
    }
  }
  assert.is(count, 1223);
});

test("Object.keys(client.repos) lists the scope before any call; unknown names are undefined", () => {
  const client = new Full();
  const keys = Object.keys(client.repos);
  assert.ok(keys.length > 150 && keys.includes("get") && keys.includes("listForOrg"));
  assert.ok("get" in client.repos);
  assert.is((client.repos as Record<string, unknown>).nope, undefined);
  assert.is((client as unknown as Record<string, unknown>).nope, undefined);
});

test("an endpoint method is a bound request: .endpoint(), .endpoint.DEFAULTS, .endpoint.merge(), headers param", async () => {
  const client = new Full({ baseUrl: server.url });
  const get = client.repos.get;
  assert.is(get.endpoint.DEFAULTS.url, "/repos/{owner}/{repo}");
  assert.is(get.endpoint({ owner: "o", repo: "r" }).url, `${server.url}/repos/o/r`);
  assert.is(get.endpoint.merge({ owner: "o", repo: "r" }).owner, "o");
  await client.repos.get({ owner: "o", repo: "r", headers: { accept: "application/vnd.github.mercy-preview+json" } });
  assert.is(server.requests[0]!.headers.accept, "application/vnd.github.mercy-preview+json");
});

test("repos.getForOrg({ org, type: 'public' }) reaches GET /orgs/{org}/repos?type=public and warns once", async () => {
  const warn = sinon.spy();
  const client = new Full({ baseUrl: server.url, log: { warn } });
  const { data } = await client.repos.getForOrg({ org: "octokit", type: "public" });
  await client.repos.getForOrg({ org: "octokit", type: "public" });
  assert.equal(data, [{ url: "/orgs/octokit/repos?type=public" }]);
  assert.is(warn.callCount, 1);
  assert.match(warn.firstCall.args[0], "repos.getForOrg() is deprecated, use repos.listForOrg() instead.");
  assert.not.ok(Object.keys(client.repos).includes("getForOrg"), "aliases stay out of Object.keys");
});

test("v15/v16 names and the spec's renames keep working: getContents, createStatus, gitdata.getTree", () => {
  const client = new Full({ log: { warn() {} } });
  assert.is(client.repos.getContents.endpoint.DEFAULTS.url, "/repos/{owner}/{repo}/contents/{+path}");
  assert.is(client.repos.createStatus.endpoint.DEFAULTS.url, "/repos/{owner}/{repo}/statuses/{+sha}");
  assert.is((client as any).gitdata.getTree.endpoint.DEFAULTS.url, "/repos/{owner}/{repo}/git/trees/{+tree_sha}");
});

test("requestBodyParameterName: the named parameter is the body (repos.addStatusCheckContexts)", async () => {
  const client = new Full({ baseUrl: server.url });
  const { data } = await client.repos.addStatusCheckContexts({
    owner: "o",
    repo: "r",
    branch: "main",
    contexts: ["ci/a", "ci/b"],
  });
  assert.is(data.body, '["ci/a","ci/b"]');
});

test("a body property named url (webhook config) goes into the body, not the request URL", async () => {
  const client = new Full({ baseUrl: server.url });
  const { data } = await client.repos.updateWebhookConfigForRepo({
    owner: "o",
    repo: "r",
    hook_id: 1,
    url: "https://hooks.example/x",
    content_type: "json",
  });
  assert.is(data.url, "/repos/o/r/hooks/1/config");
  assert.equal(JSON.parse(data.body), { url: "https://hooks.example/x", content_type: "json" });
  const error = await client.repos
    .updateWebhookConfigForRepo({ owner: "o", repo: "r", hook_id: 1, content_type: 5 as never })
    .catch((e: Error) => e);
  assert.match(String(error), 'repos.updateWebhookConfigForRepo: parameter "content_type" must be a string');
});

test("markdown.renderRaw sends text/plain via data", async () => {
  const { data } = await new Full({ baseUrl: server.url }).markdown.renderRaw({ data: "Hello **world**" });
  assert.is(data.body, "Hello **world**");
  assert.match(data.type, /^text\/plain/);
});

test("uploads: {origin} from baseUrl; the release's upload_url works as url", async () => {
  const dotcom = new Full();
  const options = dotcom.repos.uploadReleaseAsset.endpoint({
    owner: "o",
    repo: "r",
    release_id: 1,
    name: "a b.zip",
    data: "x",
  });
  assert.is(options.url, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip");
  const ghes = new Full({ baseUrl: "https://ghe.example/api/v3" });
  assert.is(
    ghes.repos.uploadReleaseAsset.endpoint({ owner: "o", repo: "r", release_id: 1, name: "n", data: "x" }).url,
    "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=n",
  );
  const local = new Full({ baseUrl: server.url });
  const uploaded = await local.repos.uploadReleaseAsset({
    url: `${server.url}/repos/o/r/releases/1/assets{?name,label}`,
    owner: "o",
    repo: "r",
    release_id: 1,
    name: "a.zip",
    label: "L",
    data: new Uint8Array([1, 2]),
  });
  assert.is(uploaded.data.url, "/repos/o/r/releases/1/assets?name=a.zip&label=L");
  assert.is(uploaded.data.type, "application/octet-stream");
});

test("parameters that may hold a slash send it as %2F, as @octokit does: contents path, git ref, basehead", () => {
  const client = new Full();
  assert.is(
    client.repos.getContent.endpoint({ owner: "o", repo: "r", path: "docs/a b/README.md" }).url,
    "https://api.github.com/repos/o/r/contents/docs%2Fa%20b%2FREADME.md",
  );
  assert.is(
    client.git.getRef.endpoint({ owner: "o", repo: "r", ref: "heads/feature/x" }).url,
    "https://api.github.com/repos/o/r/git/ref/heads%2Ffeature%2Fx",
  );
  assert.is(
    client.repos.compareCommitsWithBasehead.endpoint({ owner: "o", repo: "r", basehead: "main...feature/x" }).url,
    "https://api.github.com/repos/o/r/compare/main...feature%2Fx",
  );
  assert.is(
    client.repos.get.endpoint({ owner: "o", repo: "a/b" }).url,
    "https://api.github.com/repos/o/a%2Fb",
    "single-segment params encode '/'",
  );
});

test("a deprecated operation warns once through log.warn", async () => {
  const entry = registryScopes(registry)
    .flatMap((scope) => Object.entries(loadedRoutes(registry, scope) ?? {}).map(([name, e]) => ({ scope, name, e })))
    .find(({ e }) => e[2]?.deprecated && !e[0].includes("{"));
  assert.ok(entry, "the description has a deprecated operation without path parameters");
  const warn = sinon.spy();
  const client = new Full({ baseUrl: server.url, log: { warn } }) as unknown as Record<
    string,
    Record<string, (p?: object) => Promise<unknown>>
  >;
  const method = client[entry!.scope]![entry!.name]!;
  await method({}).catch(() => {});
  await method({}).catch(() => {});
  assert.is(warn.callCount, 1);
  assert.match(warn.firstCall.args[0], `${entry!.scope}.${entry!.name}() is deprecated`);
});

test("sinon.stub(client.repos, 'get') and restore() work on endpoint methods", async () => {
  const client = new Full({ baseUrl: server.url });
  const original = client.repos.get;
  const stub = sinon
    .stub(client.repos, "get")
    .resolves({ status: 200, url: "", headers: {}, data: { stubbed: true } } as never);
  assert.equal((await client.repos.get({ owner: "o", repo: "r" })).data, { stubbed: true });
  stub.restore();
  assert.is(client.repos.get, original);
  assert.is(server.requests.length, 0);
});

test("scopes are created per client on first access and are independent", () => {
  const a = new Full();
  const b = new Full({ baseUrl: "https://ghe.example/api/v3" });
  assert.is.not(a.repos, b.repos);
  assert.is(a.repos, a.repos);
  assert.is(b.repos.get.endpoint({ owner: "o", repo: "r" }).url, "https://ghe.example/api/v3/repos/o/r");
});

test("a custom registry works with Client.plugin([endpoints(registry)])", async () => {
  const mine: Registry = { names: { widgets: "list" }, routes: { widgets: { list: ["GET /widgets{?color}"] } } };
  const MyClient = Client.plugin([endpoints(mine)]);
  const client = new MyClient({ baseUrl: server.url }) as unknown as {
    widgets: { list(p: object): Promise<{ data: { url: string } }> };
  };
  assert.is((await client.widgets.list({ color: "red" })).data.url, "/widgets?color=red");
});

test("endpoints({ routes: { repos } }): a client with one scope; names come from the routes", async () => {
  const { routes: repos } = await import("../../definitions/api.github.com/scopes/repos.js");
  const OneScope = Client.plugin([endpoints({ routes: { repos } })]);
  const client = new OneScope({ baseUrl: server.url }) as unknown as Record<string, Record<string, any>>;
  assert.equal(Object.keys(client.repos!).sort(), Object.keys(decodeScope(repos)).sort());
  assert.is(client.issues, undefined, "no other scope");
  const { data } = await client.repos!.listForOrg!({ org: "octokit" });
  assert.equal(data, [{ url: "/orgs/octokit/repos" }]);
});

test.run();
