import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { startServer, type TestServer } from "../helpers/server.js";

// Deployments load with require() of the built registry, so this suite uses the built
// package (self-reference by name; `npm test` builds first).
const { default: forgekit, DEPLOYMENTS, ParameterError } = await import("forgekit" as string);
const test = suite("plugins: endpoints — GHEC and GHES deployments");
let server: TestServer;
const camel = (s: string) => s.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
const operationIds = (file: string) => {
  const spec = JSON.parse(readFileSync(`node_modules/@octokit/openapi/generated/${file}.json`, "utf8"));
  return Object.values<Record<string, { operationId?: string }>>(spec.paths).flatMap((item) =>
    Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
  );
};

test.before(async () => {
  server = await startServer({ "*": { body: {} } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

test("every GHEC and GHES registry loads and resolves all of its description's operations", () => {
  // DEPLOYMENTS is every generated deployment folder but the default's.
  const folders = readdirSync("definitions", { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`definitions/${entry.name}/all.ts`))
    .map((entry) => entry.name);
  assert.equal([...DEPLOYMENTS].sort(), folders.filter((name) => name !== "api.github.com").sort());
  assert.ok(DEPLOYMENTS.length >= 4 && folders.includes("api.github.com"), folders.join());
  for (const deployment of DEPLOYMENTS) {
    const client = forgekit({ deployment, baseUrl: "https://ghe.example/api/v3" });
    const ids = operationIds(deployment);
    assert.ok(ids.length > 900, deployment);
    for (const id of ids) {
      const [scope, name] = id.split("/").map(camel);
      assert.type(client[scope]?.[name]?.endpoint?.DEFAULTS, "object", `${deployment}: ${id}`);
    }
  }
});

test("an operation GHES 3.17 does not have is refused with a clear error; nothing is sent", async () => {
  const ghes = new Set(operationIds("ghes-3.17"));
  const missing = operationIds("api.github.com").find((id) => !ghes.has(id) && id.startsWith("repos/"))!;
  const [scope, name] = missing.split("/").map(camel);
  const client = forgekit({ deployment: "ghes-3.17", baseUrl: server.url });
  assert.type(client[scope][name], "function", "the name still resolves, to a method that refuses");
  const error = await client[scope][name]({ owner: "o", repo: "r" }).catch((e: Error) => e);
  assert.instance(error, ParameterError);
  assert.is(
    error.message,
    `${scope}.${name}() is not available on ghes-3.17 (the client's "deployment" option); it exists on api.github.com. Nothing was sent.`,
  );
  assert.is(server.requests.length, 0);
  assert.type(forgekit({ baseUrl: server.url })[scope][name].endpoint.DEFAULTS, "object", "api.github.com has it");
});

test("a GHES-only scope exists on a GHES client and sends to the GHES host", async () => {
  const client = forgekit({ deployment: "ghes-3.18", baseUrl: `${server.url}/api/v3` });
  assert.type(client.enterpriseAdmin, "object");
  assert.ok(Object.keys(client.enterpriseAdmin).length > 10);
  await client.repos.get({ owner: "o", repo: "r" });
  assert.is(server.requests[0]!.url, "/api/v3/repos/o/r");
});

test("a GHES client sends an operation only GHES has, one both share and one whose line differs, each to its URL", async () => {
  // GHES's registry is api.github.com's with its differences (definitions/ghes-3.19/paths.ts, params.ts).
  const client = forgekit({ deployment: "ghes-3.19", baseUrl: `${server.url}/api/v3` });
  assert.is(forgekit({ baseUrl: server.url }).repos.enableLfsForRepo, undefined, "api.github.com lacks it");
  await client.repos.enableLfsForRepo({ owner: "o", repo: "r" });
  await client.repos.listTags({ owner: "o", repo: "r", per_page: 2 });
  await client.teams.create({ org: "acme", name: "ops" });
  assert.equal(
    server.requests.map(({ method, url }) => `${method} ${url}`),
    ["PUT /api/v3/repos/o/r/lfs", "GET /api/v3/repos/o/r/tags?per_page=2", "POST /api/v3/orgs/acme/teams"],
  );
  // Their parameters are checked before sending: GHES's own list, and one taken from api.github.com's.
  for (const call of [() => client.repos.enableLfsForRepo({ owner: "o" }), () => client.repos.listTags({ repo: "r" })])
    assert.instance(await call().catch((error: Error) => error), ParameterError);
  assert.is(server.requests.length, 3);
});

// The Manage GHES API is served from the instance's root (its description's server is
// `{protocol}://{hostname}`), release assets from `/api/uploads`: each to its own place.
test("GHES: the Manage API goes to the instance's origin, a release asset to /api/uploads", async () => {
  const client = forgekit({ deployment: "ghes-3.19", baseUrl: `${server.url}/api/v3` });
  await client.enterpriseAdmin.getManageSsh();
  await client.enterpriseAdmin.getClusterStatus({ origin: server.url });
  await client.repos.uploadReleaseAsset({ owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "x" });
  assert.equal(
    server.requests.map(({ method, url }) => `${method} ${url}`),
    [
      "GET /manage/v1/access/ssh",
      "GET /manage/v1/cluster/status",
      "POST /api/uploads/repos/o/r/releases/1/assets?name=a.zip",
    ],
  );
});

test("a registry object works as deployment too; an unknown name throws at construction", async () => {
  const registry = await import("forgekit/deployments/ghes-3.19" as string);
  assert.is(registry.deployment, "ghes-3.19");
  const client = forgekit({ deployment: registry });
  assert.ok(Object.keys(client.repos).length > 150);
  assert.is(Object.keys(forgekit({ deployment: "api.github.com" }).repos).length, Object.keys(forgekit().repos).length);
  assert.throws(() => forgekit({ deployment: "ghes-9.9" }), /Unknown deployment "ghes-9.9"/);
});

test.run();
