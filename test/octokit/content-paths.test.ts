// Issue 35: a path value that starts with "/" goes out from the drop-in `Octokit` as it does
// from @octokit/rest 22, `/` encoded (`getContent({ path: "/" })` → `contents/%2F`), and an
// empty one lists the root (`contents`). forgekit drops those leading slashes from a
// `{+path}` ending the route (kernel/url-template.ts); `forgekit()` keeps doing so. Both
// clients send to one loopback server, side by side.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as Rest } from "@octokit/rest";
import forgekit, { Octokit } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("octokit drop-in: content paths as @octokit/rest 22 sends them");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": { body: {} } });
});
test.after(() => server.close());

const PATHS = ["/", "", "/docs/a b.md", "docs/", "docs/a b.md", "//x", "/docs/", "a/b/"];

/** The URLs one client's calls reach the server with, and what its `endpoint()` gives. */
async function urls(octokit: any): Promise<string[]> {
  const out: string[] = [];
  for (const path of PATHS) {
    server.requests.length = 0;
    await octokit.repos.getContent({ owner: "o", repo: "r", path });
    await octokit.git.getRef({ owner: "o", repo: "r", ref: path });
    await octokit.repos.getContent({ owner: "o", repo: "r", path, ref: "main" });
    out.push(`${JSON.stringify(path)}: ${server.requests.map((r) => r.url).join(" ")}`);
    out.push(
      `${JSON.stringify(path)} endpoint: ${octokit.repos.getContent.endpoint({ owner: "o", repo: "r", path }).url}`,
    );
  }
  return out.map((line) => line.replaceAll(server.url, ""));
}

test("getContent and git.getRef send what @octokit/rest 22 sends, for every path", async () => {
  const expected = await urls(new Rest({ baseUrl: server.url }));
  // What rest 22 sends (so that the comparison compares these cases).
  assert.ok(expected.includes('"/": /repos/o/r/contents/%2F /repos/o/r/git/ref/%2F /repos/o/r/contents/%2F?ref=main'));
  assert.ok(expected.includes('"": /repos/o/r/contents /repos/o/r/git/ref /repos/o/r/contents?ref=main'));
  assert.ok(expected.some((line) => line.startsWith('"/docs/a b.md": /repos/o/r/contents/%2Fdocs%2Fa%20b.md ')));
  assert.equal(await urls(new Octokit({ baseUrl: server.url })), expected);
});

test("a user's hook that sets a path with a leading slash: sent as rest 22 sends it", async () => {
  const run = async (octokit: any) => {
    octokit.hook.before("request", (options: any) => {
      if (options.path === "x") options.path = "/y";
    });
    server.requests.length = 0;
    await octokit.repos.getContent({ owner: "o", repo: "r", path: "x" });
    return server.requests.map((r) => r.url);
  };
  const expected = await run(new Rest({ baseUrl: server.url }));
  assert.equal(expected, ["/repos/o/r/contents/%2Fy"]);
  assert.equal(await run(new Octokit({ baseUrl: server.url })), expected);
});

test("forgekit() keeps its own rule: a leading slash of a {+path} is dropped", async () => {
  server.requests.length = 0;
  await forgekit({ baseUrl: server.url, retry: false }).repos.getContent({ owner: "o", repo: "r", path: "/docs/a" });
  assert.equal(
    server.requests.map((r) => r.url),
    ["/repos/o/r/contents/docs%2Fa"],
  );
});

test.run();
