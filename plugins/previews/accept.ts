import { ParameterError } from "../../kernel/index.js";

/**
 * GitHub's media types (docs/previews-and-media-types.md):
 * `application/vnd.github[.version].param[+json]`. Formats of comment bodies, contents,
 * blobs and gists are JSON (`application/vnd.github.raw+json`); `diff`, `patch` and `sha`
 * of commits, comparisons and pull requests are not (`application/vnd.github.diff`).
 * A preview takes the version's place: `application/vnd.github.mercy-preview+json`.
 */
const FORMATS = new Set(["raw", "html", "text", "full", "diff", "patch", "sha", "object", "base64", "star"]);
const NOT_JSON = new Set(["diff", "patch", "sha"]);
const PREVIEW_NAME = /^[a-z0-9][a-z0-9-]*$/i;

/** Preview names without their `-preview` suffix; throws a `ParameterError` naming a bad one. */
export function previewNames(names: unknown, where: string): string[] {
  if (names === undefined) return [];
  if (!Array.isArray(names))
    throw new ParameterError(
      `${where} is ${typeof names}; pass an array of preview names such as ["mercy", "scarlet-witch"].`,
    );
  return names.map((name) => {
    if (typeof name !== "string" || !PREVIEW_NAME.test(name)) {
      throw new ParameterError(
        `${where} contains ${JSON.stringify(name)}; a preview name is letters, digits and dashes, e.g. "mercy" or "mercy-preview".`,
      );
    }
    return name.replace(/-preview$/i, "");
  });
}

/** Check a `mediaType.format`; throws a `ParameterError` listing the known ones. */
export function checkFormat(format: unknown): string | undefined {
  if (format === undefined || format === "") return undefined;
  if (typeof format !== "string" || !FORMATS.has(format)) {
    throw new ParameterError(
      `mediaType.format is ${JSON.stringify(format)}; use one of ${[...FORMATS].join(", ")}, or set headers.accept yourself.`,
    );
  }
  return format;
}

/**
 * The `accept` header for `previews` and `format`. `base` is the client's default accept,
 * whose API version (`.v3` in `application/vnd.github.v3+json`) is kept for a format.
 */
export function acceptFor(previews: readonly string[], format: string | undefined, base: string): string {
  const suffix = format ? `.${format}${NOT_JSON.has(format) ? "" : "+json"}` : "+json";
  if (previews.length) return previews.map((name) => `application/vnd.github.${name}-preview${suffix}`).join(",");
  const version = /^application\/vnd\.github(\.v\d+)?[.+]/i.exec(base)?.[1] ?? "";
  return `application/vnd.github${version}${suffix}`;
}
