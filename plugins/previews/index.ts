import { reserveOption, type Plugin } from "../../kernel/index.js";
import { acceptFor, checkFormat, previewNames } from "./accept.js";

declare module "../../kernel/types.js" {
  interface CommonParameters {
    /** Preview names and media-type format, applied by the previews plugin. */
    mediaType?: { previews?: readonly string[]; format?: string };
  }
}

// Never a parameter of GitHub's; `request.defaults({ mediaType })` merges with a call's own (as @octokit's endpoint()).
reserveOption("mediaType");

/** Options of the {@link previews} plugin. */
export interface PreviewsOptions {
  /** Preview names applied to every request, with or without the `-preview` suffix, e.g. `["mercy"]`. */
  previews?: readonly string[];
}

/**
 * Previews and media types (docs/previews-and-media-types.md): the `previews` client option and the per-request
 * `mediaType: { previews, format }` become one `accept` header, e.g.
 * `application/vnd.github.mercy-preview+json,application/vnd.github.scarlet-witch-preview+json`
 * or `application/vnd.github.v3.diff`. An `accept` header set on the call (anything other
 * than the client's default) wins over both. See docs/previews-and-media-types.md.
 *
 * @example
 * const client = new (Client.plugin(previews))({ previews: ["mercy"] });
 * const { data: diff } = await client.request("GET /repos/{owner}/{repo}/commits/{ref}", { owner, repo, ref, mediaType: { format: "diff" } });
 */
export const previews: Plugin<void, PreviewsOptions> = (client, options) => {
  const always = previewNames(options.previews, "The previews option");
  // Most requests carry no `mediaType`: then this costs one check.
  client.hook.before("request", (request) => {
    const { mediaType } = request;
    if (mediaType === undefined && !always.length) return;
    delete request.mediaType;
    const names = [...new Set([...always, ...previewNames(mediaType?.previews, "mediaType.previews")])];
    const format = checkFormat(mediaType?.format);
    const base = client.options.headers.accept ?? "application/vnd.github.v3+json";
    if ((!names.length && !format) || request.headers.accept !== base) return;
    request.headers.accept = acceptFor(names, format, base);
  });
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
previews.options = ["previews"];
