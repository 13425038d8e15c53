// Issue 35, item 6: a forgekit `Octokit` passes where a library typed against @octokit/core 5,
// 6 or 7 asks for that package's `Octokit` (no TS2345), and @octokit/rest's type names are
// there. An ES module consumer of the built package; test/types/floor.test.ts compiles it with
// TypeScript 4.9 and the pinned compiler, and checks that it fails once the assignment breaks.
import { Octokit, type RestEndpointMethods, type RestEndpointMethodTypes } from "forgekit";
import type { Octokit as Core7 } from "@octokit/core";
import type { Octokit as Core6 } from "octokit-core-6";
import type { Octokit as Core5 } from "octokit-core-5";

/** What a library typed against @octokit/core does with the client it is given. */
async function takes7(octokit: Core7): Promise<unknown> {
  octokit.hook.before("request", (options) => void options.url);
  return octokit.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
}
const takes6 = (octokit: Core6) => octokit.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
const takes5 = (octokit: Core5) => octokit.graphql("{ viewer { login } }");

export async function swaps(): Promise<unknown[]> {
  const octokit = new Octokit({ auth: "token" });
  const Derived = Octokit.defaults({ userAgent: "x" });
  const derived = new Derived();
  const calls: RestEndpointMethods["issues"]["get"] = octokit.rest.issues.get;
  const params: RestEndpointMethodTypes["issues"]["get"]["parameters"] = { owner: "o", repo: "r", issue_number: 1 };
  // forgekit's own signatures still type a caller's code: a typo is an error.
  // @ts-expect-error no such scope
  void octokit.rest.reposs;
  return Promise.all([
    takes7(octokit), takes6(octokit), takes5(octokit),
    takes7(derived), takes6(derived), takes5(derived),
    calls(params),
  ]);
}
