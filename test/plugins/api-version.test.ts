import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startServer, type TestServer } from "../helpers/server.js";
import { Client as Core } from "../../kernel/index.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { apiVersion } from "../../plugins/api-version/index.js";
import { registry } from "../../plugins/presets/registry.js";

// Issue 29: `apiVersion` sends X-GitHub-Api-Version; versions a deployment lacks and parameters
// the version removed are refused before anything is sent; under the default version such a
// parameter is sent as before, with one warning per changeset.
// GHES and GHEC registries load with require() of the built package, so the preset is the
// built one (self-reference by name; `npm test` builds first); the composed client is the source.
const { default: forgekit, Client, Octokit, ParameterError } = await import("forgekit" as string);
const test = suite("plugins: apiVersion — REST API versions");
let server: TestServer;
const warnings: string[] = [];
const log = { warn: (message: string) => void warnings.push(message) };
const HEADER = "x-github-api-version";

test.before(async () => {
  server = await startServer({ "*": { status: 201, body: {} } });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  warnings.length = 0;
});

test("the header goes out on every request, from the factory, the class, the drop-in Octokit and a composed client", async () => {
  const Composed = Core.plugin([endpoints(registry), apiVersion]);
  for (const client of [
    forgekit({ baseUrl: server.url, apiVersion: "2026-03-10" }),
    new Client({ baseUrl: server.url, apiVersion: "2026-03-10" }),
    new Octokit({ baseUrl: server.url, apiVersion: "2026-03-10" }),
    new Composed({ baseUrl: server.url, apiVersion: "2026-03-10" }),
  ]) {
    await client.repos.get({ owner: "o", repo: "r" });
    await client.request("GET /rate_limit");
  }
  assert.is(server.requests.length, 8);
  for (const request of server.requests) assert.is(request.headers[HEADER], "2026-03-10", request.url);
});

test("without the option no header is sent (GitHub's default, 2022-11-28); a request's own header wins", async () => {
  await forgekit({ baseUrl: server.url }).repos.get({ owner: "o", repo: "r" });
  const versioned = forgekit({ baseUrl: server.url, apiVersion: "2026-03-10" });
  await versioned.repos.get({ owner: "o", repo: "r", headers: { "x-github-api-version": "2022-11-28" } });
  assert.is(server.requests[0]!.headers[HEADER], undefined);
  assert.is(server.requests[1]!.headers[HEADER], "2022-11-28");
});

test("an unknown version, or one the deployment lacks, is refused by the constructor", () => {
  assert.throws(
    () => forgekit({ baseUrl: server.url, apiVersion: "2025-01-01" }),
    (error: Error) =>
      error instanceof ParameterError &&
      /apiVersion "2025-01-01" is not a REST API version forgekit knows\. Supported by api\.github\.com: 2022-11-28, 2026-03-10\./.test(
        error.message,
      ),
  );
  assert.throws(
    () => forgekit({ baseUrl: server.url, deployment: "ghes-3.17", apiVersion: "2026-03-10" }),
    (error: Error) =>
      error instanceof ParameterError &&
      /apiVersion "2026-03-10" is not supported by ghes-3\.17\. Supported by ghes-3\.17: 2022-11-28\./.test(
        error.message,
      ),
  );
  assert.throws(
    () => new Octokit({ baseUrl: server.url, deployment: "ghes-3.18", apiVersion: "2026-03-10" }),
    (error: Error) => error instanceof ParameterError && /not supported by ghes-3\.18/.test(error.message),
  );
  forgekit({ baseUrl: server.url, deployment: "ghec", apiVersion: "2026-03-10" });
  forgekit({ baseUrl: server.url, deployment: "ghes-3.17", apiVersion: "2022-11-28" });
  assert.is(server.requests.length, 0);
});

test("a request's own header naming a version the deployment lacks is refused before I/O", async () => {
  const ghes = forgekit({ baseUrl: server.url, deployment: "ghes-3.17", apiVersion: "2022-11-28" });
  for (const [client, version] of [
    [ghes, "2026-03-10"],
    [forgekit({ baseUrl: server.url, apiVersion: "2026-03-10" }), "2025-01-01"],
  ] as const) {
    try {
      await client.request("GET /rate_limit", { headers: { "X-GitHub-Api-Version": version } });
      assert.unreachable(`${version} was sent`);
    } catch (error) {
      assert.instance(error, ParameterError);
      assert.match((error as Error).message, `The x-github-api-version header "${version}" is`);
    }
  }
  assert.is(server.requests.length, 0);
});

test("under 2026-03-10 a removed parameter is refused before I/O, naming it, the version and the fix", async () => {
  const client = forgekit({ baseUrl: server.url, apiVersion: "2026-03-10", log });
  const refused = async (call: Promise<unknown>) => {
    try {
      await call;
    } catch (error) {
      assert.instance(error, ParameterError);
      return (error as Error).message;
    }
    throw new Error("not refused");
  };
  const permission = await refused(client.teams.create({ org: "o", name: "n", permission: "pull" }));
  assert.match(permission, 'teams.create(): "permission" is not a parameter in REST API version 2026-03-10');
  assert.match(permission, "changeset remove_team_permission");
  assert.match(permission, "Nothing was sent.");
  for (const method of [client.issues.create, client.issues.update] as ((params: object) => Promise<unknown>)[]) {
    const message = await refused(method({ owner: "o", repo: "r", issue_number: 1, title: "t", assignee: "a" }));
    assert.match(message, '"assignee" is not a parameter in REST API version 2026-03-10');
    assert.match(message, "use assignees instead");
  }
  assert.is(server.requests.length, 0);
  await client.teams.create({ org: "o", name: "n" });
  assert.is(server.requests.length, 1);
  assert.equal(warnings, []);
});

test("the drop-in Octokit refuses them the same way, and so does a default client asking per request", async () => {
  const octokit = new Octokit({ baseUrl: server.url, apiVersion: "2026-03-10", log });
  const perRequest = forgekit({ baseUrl: server.url, log });
  const calls = [
    () => octokit.rest.teams.create({ org: "o", name: "n", permission: "pull" }),
    () => octokit.rest.issues.create({ owner: "o", repo: "r", title: "t", assignee: "a" }),
    () =>
      perRequest.teams.create({
        org: "o",
        name: "n",
        permission: "pull",
        headers: { "x-github-api-version": "2026-03-10" },
      }),
  ];
  for (const call of calls) {
    try {
      await call();
      assert.unreachable("sent");
    } catch (error) {
      assert.instance(error, ParameterError);
      assert.match((error as Error).message, "is not a parameter in REST API version 2026-03-10");
    }
  }
  assert.is(server.requests.length, 0);
  assert.equal(warnings, []);
});

test("under the default version it is sent as today, with one warning per changeset", async () => {
  const client = forgekit({ baseUrl: server.url, log });
  await client.issues.create({ owner: "o", repo: "r", title: "t", assignee: "a" });
  await client.issues.update({ owner: "o", repo: "r", issue_number: 1, assignee: "a" });
  await client.teams.create({ org: "o", name: "n", permission: "pull" });
  await client.teams.create({ org: "o", name: "n", permission: "push" });
  assert.is(server.requests.length, 4);
  assert.is(JSON.parse(server.requests[0]!.body).assignee, "a");
  assert.is(JSON.parse(server.requests[2]!.body).permission, "pull");
  assert.is(warnings.length, 2, warnings.join("\n"));
  assert.match(warnings[0]!, 'issues.create(): "assignee" is removed in REST API version 2026-03-10');
  assert.match(warnings[0]!, "use assignees instead");
  assert.match(warnings[1]!, 'teams.create(): "permission" is removed in REST API version 2026-03-10');
  // The drop-in Octokit sends it too; the program was told about this changeset already.
  const octokit = new Octokit({ baseUrl: server.url, log });
  await octokit.rest.teams.create({ org: "o", name: "n", permission: "pull" });
  assert.is(JSON.parse(server.requests[4]!.body).permission, "pull");
  assert.is(warnings.length, 2, warnings.join("\n"));
  // A call that uses nothing removed warns about nothing.
  await forgekit({ baseUrl: server.url, log }).issues.create({ owner: "o", repo: "r", title: "t" });
  assert.is(warnings.length, 2);
});

test.run();
