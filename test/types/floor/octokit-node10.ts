// Issue 35, item 6, as a release-please-style project compiles (TypeScript 4.9, `module:
// commonjs`, `moduleResolution: node`, tsconfig.node.json): "forgekit" is read through its
// package.json's "types" (dist/cjs/index.d.cts). Its type names are there, and its `Octokit`
// passes where @octokit/core 5's is asked for.
import { Octokit, type Options, type RestEndpointMethodTypes } from "forgekit";
import type { Octokit as Core5 } from "octokit-core-5";

declare function takes(octokit: Core5): void;

export async function swap(options: Options): Promise<string> {
  const octokit = new Octokit(options);
  takes(octokit);
  type Release = RestEndpointMethodTypes["repos"]["getLatestRelease"]["response"]["data"];
  const release: Release = (await octokit.rest.repos.getLatestRelease({ owner: "o", repo: "r" })).data;
  return release.tag_name;
}
