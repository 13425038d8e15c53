// Issue 35: `Octokit`'s type passes where @octokit/rest 20 or 22's whole `Octokit` is asked for
// (test/types/floor/octokit-rest.ts), so each method those types name must exist and work:
// every method of real @octokit/rest 20 and 22 is a method of forgekit's `Octokit`, for the
// same route, except the ones test/types/floor/octokit-rest.ts leaves out of the type. Own
// names, apart from the operations GitHub removed and the deprecated names
// (definitions/api.github.com/octokit-removed.ts), which resolve on first use; each of those
// sends what @octokit/rest 20 and 22 send to a loopback server. A sample of methods, and
// `paginate.iterator` over a method, reach the server as @octokit's do.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Octokit as Rest22 } from "@octokit/rest";
import { Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const { Octokit: Rest20 } = createRequire(import.meta.url)("octokit-rest-20");
const test = suite("octokit drop-in: @octokit/rest 20 and 22's methods");
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let server: TestServer;

test.before(async () => {
  server = await startServer({
    // Two pages: the first links to the second, which links nowhere.
    "GET /orgs/o/repos": (req) =>
      req.url.includes("page=2")
        ? { body: [{ id: 2 }] }
        : { headers: { link: `<${server.url}/orgs/o/repos?page=2>; rel="next"` }, body: [{ id: 1 }] },
    "*": { body: {} },
  });
});
test.after(() => server.close());

/** The names the type test leaves out, read from its `Missing20` / `Missing22` types. */
function leftOut(version: "20" | "22"): Set<string> {
  const source = readFileSync(new URL("../types/floor/octokit-rest.ts", import.meta.url), "utf8");
  const block = new RegExp(`type Missing${version} = \\{([^}]*)\\}`).exec(source)![1]!;
  const names = new Set<string>();
  for (const [, scope, list] of block.matchAll(/(\w+): ([^;]+);/g))
    for (const [, name] of list!.matchAll(/"(\w+)"/g)) names.add(`${scope}.${name}`);
  return names;
}

/** The names definitions/api.github.com/octokit-removed.ts types (`RemovedOperationNames`). */
function removedNames(): Set<string> {
  const source = readFileSync(new URL("../../definitions/api.github.com/octokit-removed.ts", import.meta.url), "utf8");
  const block = /export type RemovedOperationNames = \{([^}]*)\}/.exec(source)![1]!;
  const names = new Set<string>();
  for (const [, scope, list] of block.matchAll(/(\w+): ([^;]+);/g))
    for (const [, name] of list!.matchAll(/"(\w+)"/g)) names.add(`${scope}.${name}`);
  return names;
}

/** A method's route; forgekit's `{+name}` and upload `{origin}` (the uploads host, docs/migrating.md) read as @octokit's. */
const route = (method: any) => {
  const { method: verb, url } = method.endpoint.DEFAULTS;
  return `${verb} ${String(url)
    .replace(/\{\+/g, "{")
    .replace(/^\{origin\}/, "")}`;
};

/**
 * A deprecated name with two meanings: forgekit's alias table (definitions/api.github.com/aliases.ts,
 * generated from @octokit/openapi 23.0.2's x-octokit changes and the v15/v16 tables) sends it
 * to the tarball, @octokit/rest 20 and 22 to the zipball.
 */
const DOWNLOAD_ARCHIVE =
  "repos.downloadArchive: GET /repos/{owner}/{repo}/tarball/{ref} ≠ GET /repos/{owner}/{repo}/zipball/{ref}";

/** Where the route differs, and why: the description forgekit is generated from (@octokit/openapi 23.0.2) says so. */
const KNOWN: Record<string, string[]> = {
  // rest 20's names for Projects (classic), which GitHub removed; its description gives the names to Projects.
  "20": [
    "projects.listForOrg: GET /orgs/{org}/projectsV2 ≠ GET /orgs/{org}/projects",
    "projects.listForUser: GET /users/{username}/projectsV2 ≠ GET /users/{username}/projects",
    DOWNLOAD_ARCHIVE,
  ],
  // rest 22's description has `/organizations/…`; @octokit/openapi 23.0.2 has `/orgs/…`.
  "22": [
    "dependabot.repositoryAccessForOrg: GET /orgs/{org}/dependabot/repository-access ≠ GET /organizations/{org}/dependabot/repository-access",
    "dependabot.setRepositoryAccessDefaultLevel: PUT /orgs/{org}/dependabot/repository-access/default-level ≠ PUT /organizations/{org}/dependabot/repository-access/default-level",
    "dependabot.updateRepositoryAccessForOrg: PATCH /orgs/{org}/dependabot/repository-access ≠ PATCH /organizations/{org}/dependabot/repository-access",
    DOWNLOAD_ARCHIVE,
  ],
};

// First: the warning is once per process, and the tests below call every removed name.
test("a removed operation warns once, naming its route, not as a v15/v16 name", async () => {
  const warnings: string[] = [];
  const log = { ...quiet, warn: (message: string) => void warnings.push(message) };
  const octokit = new Octokit({ baseUrl: server.url, log });
  const before = server.requests.length;
  await octokit.rest.billing.getGithubActionsBillingOrg({ org: "o" });
  await octokit.rest.billing.getGithubActionsBillingOrg({ org: "o" });
  assert.is(server.requests.length, before + 2);
  assert.is(server.requests.at(-1)!.url, "/orgs/o/settings/billing/actions");
  assert.is(warnings.length, 1, warnings.join("\n"));
  assert.match(
    warnings[0]!,
    /getGithubActionsBillingOrg\(\) .*no operation in GitHub's current description; sending its old route GET \/orgs\/\{org\}\/settings\/billing\/actions/,
  );
  assert.not.match(warnings[0]!, /v15\/v16/);
});

for (const [version, Rest] of [
  ["20", Rest20],
  ["22", Rest22],
] as const) {
  test(`every method of @octokit/rest ${version} the type names is forgekit's, for the same route`, () => {
    const theirs = new Rest({ baseUrl: server.url });
    const ours = new Octokit({ baseUrl: server.url }) as any;
    const skipped = leftOut(version);
    assert.equal(skipped.size, version === "20" ? 0 : 2, `${skipped.size} names read from the type test`);
    const removed = removedNames();
    const wrong: string[] = [];
    const notOwn: string[] = [];
    let checked = 0;
    for (const scope of Object.keys(theirs.rest))
      for (const name of Object.keys(theirs.rest[scope])) {
        if (skipped.has(`${scope}.${name}`)) continue;
        checked++;
        const mine = ours.rest[scope]?.[name];
        if (!Object.keys(ours.rest[scope] ?? {}).includes(name)) notOwn.push(`${scope}.${name}`);
        if (typeof mine !== "function") wrong.push(`${scope}.${name}: missing`);
        else if (route(mine) !== route(theirs.rest[scope][name]))
          wrong.push(`${scope}.${name}: ${route(mine)} ≠ ${route(theirs.rest[scope][name])}`);
        else if (ours[scope][name] !== mine) wrong.push(`${scope}.${name}: not the same at top level`);
      }
    assert.ok(checked > 800, `${checked} methods checked`);
    assert.equal(wrong, KNOWN[version]);
    // Only the generated table's names resolve on first use; every other is an own name.
    assert.equal(
      notOwn.filter((name) => !removed.has(name)),
      [],
    );
    assert.ok(notOwn.length >= (version === "20" ? 92 : 53), `${notOwn.length} removed or deprecated names`);
    // The names left out are really absent, so the list is not longer than it must be.
    for (const name of skipped) {
      const [scope, method] = name.split(".") as [string, string];
      assert.not.ok(
        Object.keys(ours.rest[scope] ?? {}).includes(method),
        `${name} is forgekit's: drop it from the list`,
      );
    }
  });
}

/** Values for a route's `{name}`s, and a body parameter for a method that sends one. */
function parametersFor(url: string, method: string): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  for (const [, name] of url.matchAll(/\{(\w+)\}/g)) parameters[name!] = name === "package_type" ? "npm" : `${name}-1`;
  if (method !== "GET" && method !== "DELETE") parameters.note = "n";
  return parameters;
}

for (const [version, Rest] of [
  ["20", Rest20],
  ["22", Rest22],
] as const)
  test(`the removed and deprecated names of @octokit/rest ${version} send what it sends`, async () => {
    const theirs = new Rest({ baseUrl: server.url, log: quiet });
    const ours = new Octokit({ baseUrl: server.url, log: quiet }) as any;
    const removed = removedNames();
    const sent = async (octokit: any, scope: string, name: string, parameters: object) => {
      server.requests.length = 0;
      await octokit.rest[scope][name](parameters);
      return server.requests.map((r) => `${r.method} ${r.url} ${r.body}`);
    };
    let compared = 0;
    for (const scope of Object.keys(theirs.rest))
      for (const name of Object.keys(theirs.rest[scope])) {
        if (!removed.has(`${scope}.${name}`) || DOWNLOAD_ARCHIVE.startsWith(`${scope}.${name}:`)) continue;
        const { method, url } = theirs.rest[scope][name].endpoint.DEFAULTS;
        const parameters = parametersFor(url, method);
        assert.equal(
          await sent(ours, scope, name, parameters),
          await sent(theirs, scope, name, parameters),
          `${scope}.${name}`,
        );
        compared++;
      }
    assert.is(compared, version === "20" ? 91 : 52, "removed or deprecated names compared on the wire");
  });

test("paginate.iterator over a method, and a call, reach the server as @octokit/rest 20's do", async () => {
  const run = async (octokit: any) => {
    server.requests.length = 0;
    const ids: number[] = [];
    for await (const page of octokit.paginate.iterator(octokit.rest.repos.listForOrg, { org: "o" }))
      ids.push(...page.data.map((repo: { id: number }) => repo.id));
    await octokit.rest.git.createTree({ owner: "o", repo: "r", tree: [{ path: "a", mode: "100644", type: "blob" }] });
    return { ids, sent: server.requests.map((r) => `${r.method} ${r.url} ${r.body}`) };
  };
  const expected = await run(new Rest20({ baseUrl: server.url }));
  assert.equal(expected.ids, [1, 2]);
  assert.equal(await run(new Octokit({ baseUrl: server.url })), expected);
});

test.run();
