import type { CommonParameters, OperationTypes, Response } from "../../kernel/index.js";

/** Formats GitHub answers as text whatever the operation: a diff, a patch, a commit sha. */
export type TextFormat = "diff" | "patch" | "sha";
/** Formats that are text for files (contents, READMEs), JSON for comment bodies (`body_html`…). */
export type FileFormat = "raw" | "html";

/**
 * `data`'s type when `mediaType: { format: F }` is asked for: `string` for `diff`, `patch`
 * and `sha`; for `raw` and `html`, `string` unless the response is a JSON object with a
 * `body` (issues, comments, pull requests keep their JSON, with `body_html`/`body_text`).
 */
export type FormatData<R, F> = F extends TextFormat
  ? string
  : F extends FileFormat
    ? R extends { body?: unknown }
      ? R
      : string
    : R;

/** Parameters asking for a media-type format, e.g. `{ mediaType: { format: "diff" } }`. */
export type WithFormat<P, F extends string> = P &
  CommonParameters & { mediaType: { format: F; previews?: readonly string[] } };

// An endpoint method of a client with this plugin takes `mediaType.format` and types `data`
// after it; declared here, so the kernel's `EndpointMethod` names no plugin's option.
declare module "../../kernel/registry.js" {
  interface EndpointMethod<E extends OperationTypes> {
    <F extends string>(params: WithFormat<E["parameters"], F>): Promise<Response<FormatData<E["response"], F>>>;
  }
}
