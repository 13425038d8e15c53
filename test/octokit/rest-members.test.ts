// Issue 35: `Octokit`'s type passes where @octokit/rest 20 or 22's whole `Octokit` is asked for
// (test/types/floor/octokit-rest.ts), so each method those types name must exist and work:
// every method of real @octokit/rest 20 and 22 is an own method of forgekit's `Octokit`, for
// the same route, except the ones test/types/floor/octokit-rest.ts leaves out of the type
// (GitHub removed their operations, or they are deprecated aliases resolved on first use).
// A sample of them, and `paginate.iterator` over a method, reach a loopback server as
// @octokit's do.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Octokit as Rest22 } from "@octokit/rest";
import { Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const { Octokit: Rest20 } = createRequire(import.meta.url)("octokit-rest-20");
const test = suite("octokit drop-in: @octokit/rest 20 and 22's methods");
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

/** A method's route; forgekit's `{+name}` and upload `{origin}` (the uploads host, docs/migrating.md) read as @octokit's. */
const route = (method: any) => {
  const { method: verb, url } = method.endpoint.DEFAULTS;
  return `${verb} ${String(url)
    .replace(/\{\+/g, "{")
    .replace(/^\{origin\}/, "")}`;
};

/** Where the route differs, and why: the description forgekit is generated from (@octokit/openapi 23.0.2) says so. */
const KNOWN: Record<string, string[]> = {
  // rest 20's names for Projects (classic), which GitHub removed; its description gives the names to Projects.
  "20": [
    "projects.listForOrg: GET /orgs/{org}/projectsV2 ≠ GET /orgs/{org}/projects",
    "projects.listForUser: GET /users/{username}/projectsV2 ≠ GET /users/{username}/projects",
  ],
  // rest 22's description has `/organizations/…`; @octokit/openapi 23.0.2 has `/orgs/…`.
  "22": [
    "dependabot.repositoryAccessForOrg: GET /orgs/{org}/dependabot/repository-access ≠ GET /organizations/{org}/dependabot/repository-access",
    "dependabot.setRepositoryAccessDefaultLevel: PUT /orgs/{org}/dependabot/repository-access/default-level ≠ PUT /organizations/{org}/dependabot/repository-access/default-level",
    "dependabot.updateRepositoryAccessForOrg: PATCH /orgs/{org}/dependabot/repository-access ≠ PATCH /organizations/{org}/dependabot/repository-access",
  ],
};

for (const [version, Rest] of [
  ["20", Rest20],
  ["22", Rest22],
] as const) {
  test(`every method of @octokit/rest ${version} the type names is forgekit's, for the same route`, () => {
    const theirs = new Rest({ baseUrl: server.url });
    const ours = new Octokit({ baseUrl: server.url }) as any;
    const skipped = leftOut(version);
    assert.ok(skipped.size > 20, `${skipped.size} names read from the type test`);
    const wrong: string[] = [];
    let checked = 0;
    for (const scope of Object.keys(theirs.rest))
      for (const name of Object.keys(theirs.rest[scope])) {
        if (skipped.has(`${scope}.${name}`)) continue;
        checked++;
        const mine = ours.rest[scope]?.[name];
        if (!Object.keys(ours.rest[scope] ?? {}).includes(name) || typeof mine !== "function")
          wrong.push(`${scope}.${name}: missing`);
        else if (route(mine) !== route(theirs.rest[scope][name]))
          wrong.push(`${scope}.${name}: ${route(mine)} ≠ ${route(theirs.rest[scope][name])}`);
        else if (ours[scope][name] !== mine) wrong.push(`${scope}.${name}: not the same at top level`);
      }
    assert.ok(checked > 800, `${checked} methods checked`);
    assert.equal(wrong, KNOWN[version]);
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
