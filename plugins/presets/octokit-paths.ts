import type { EndpointOptions } from "../../kernel/index.js";

/** A `{+name}` expression ending a route's path (`contents/{+path}`, `git/ref/{+ref}`). */
const LAST_MULTI = /\{\+(\w+)\}(?=$|\{\?|\?)/;

/**
 * The route of `options` for the drop-in `Octokit`, where a value that starts with `/` goes
 * out encoded, as @octokit/rest 22 sends it (`getContent({ path: "/" })` → `contents/%2F`,
 * `"/docs/a"` → `contents/%2Fdocs%2Fa`): forgekit drops such slashes from a `{+name}` that
 * ends the path (kernel/url-template.ts), and the same value in a `{name}` keeps them. Any
 * other route is returned as it is. test/octokit/content-paths.test.ts compares with rest 22.
 */
export function slashesAsGiven(options: EndpointOptions): string {
  const { url } = options;
  if (!url?.includes("{+")) return url;
  return url.replace(LAST_MULTI, (whole, name: string) => {
    const value = options[name];
    return typeof value === "string" && value.startsWith("/") ? `{${name}}` : whole;
  });
}
