// Issue 35, item 6, from an .mts file: the ES module declarations carry the same names as the
// CommonJS ones (octokit-core.cts). @octokit/core 5 is the one a CommonJS project types against
// (6 and 7 are ES modules only; octokit-core.ts assigns to all three).

import forgekit, { Octokit as Class } from "forgekit";
import type { Octokit, Options, Response, RestEndpointMethodTypes, RestEndpointMethods, HttpError } from "forgekit";
import type { Octokit as Core5 } from "octokit-core-5";

declare function takes(octokit: Core5): void;

export async function swaps(): Promise<number> {
  const options: Options = { auth: "token" };
  const octokit: Octokit = new Class(options);
  const v16 = forgekit(options);
  takes(octokit);
  const repo: Response<RestEndpointMethodTypes["repos"]["get"]["response"]["data"]> = await octokit.rest.repos.get({ owner: "o", repo: "r" });
  const get: RestEndpointMethods["repos"]["get"] = v16.repos.get;
  const error: HttpError | undefined = undefined;
  void [get, error];
  return repo.status;
}
