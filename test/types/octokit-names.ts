// Type tests for issue 35, item 6: @octokit/rest's public type names after the package swap.
// `tsc -p test/types` must pass (test/types/types.test.ts); the built declarations are read by
// TypeScript 4.9 too (test/types/floor/consumer.ts).
import { type Octokit, type RestEndpointMethodTypes } from "../../plugins/presets/full.js";
import type { RestEndpointMethodTypes as Theirs } from "@octokit/rest";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const is = <T extends true>(value?: T) => value;

/** Code that names @octokit/rest's types compiles with forgekit's, with the same data types. */
export async function restEndpointMethodTypes(octokit: Octokit): Promise<string> {
  type Params = RestEndpointMethodTypes["issues"]["create"]["parameters"];
  const params: Params = { owner: "o", repo: "r", title: "t", labels: ["bug"] };
  const created: RestEndpointMethodTypes["issues"]["create"]["response"] = await octokit.rest.issues.create(params);
  is<Equal<RestEndpointMethodTypes["repos"]["get"]["response"]["data"]["full_name"], string>>();
  is<Equal<Theirs["repos"]["get"]["response"]["data"]["full_name"], string>>();
  const status: number = created.status;
  // @ts-expect-error no such scope
  type Missing = RestEndpointMethodTypes["nope"];
  return `${created.data.title} ${status}`;
}
