// Issue 35, item 6, from CommonJS: `require("forgekit").Octokit` passes where @octokit/core 5
// is asked for (6 and 7 are ES modules only, which a CommonJS file cannot import:
// octokit-core.ts assigns to them), and its declarations (dist/cjs/index.d.cts) carry the type names (`Response`, `Options`…).
import forgekit = require("forgekit");
import type { Octokit, Options, Response, RestEndpointMethodTypes, RestEndpointMethods, HttpError } from "forgekit";
import type { Octokit as Core5 } from "octokit-core-5";

declare function takes(octokit: Core5): void;

export async function swaps(): Promise<number> {
  const options: Options = { auth: "token" };
  const octokit: Octokit = new forgekit.Octokit(options);
  const v16 = forgekit(options);
  takes(octokit);
  // v16's `require("@octokit/rest")(options)` passes too (@octokit/core's overloads, as Octokit's)…
  takes(v16);
  takes(new forgekit(options));
  // …and stays typed: a misspelt scope or method is still an error.
  // @ts-expect-error no such scope
  void v16.reposs;
  // @ts-expect-error no such method
  void v16.repos.gett;
  const repo: Response<RestEndpointMethodTypes["repos"]["get"]["response"]["data"]> = await octokit.rest.repos.get({ owner: "o", repo: "r" });
  const get: RestEndpointMethods["repos"]["get"] = v16.repos.get;
  const error: HttpError | undefined = undefined;
  void [get, error];
  return repo.status;
}
