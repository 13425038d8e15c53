import type { HttpError } from "./errors.js";
import type { PermissionHint, RequestOptions, ResponseHeaders } from "./types.js";

// The words of an HttpError: loaded by kernel/response.ts on the first response that is one,
// so that a page whose calls succeed never downloads them. Type imports only: a bundler that
// splits this module off then shares no chunk of the entry's code with it.

interface GitHubErrorBody {
  message?: string;
  documentation_url?: string;
  errors?: Array<string | { message?: string; code?: string; field?: string; resource?: string }>;
}

/** What GitHub's error codes say, as words after the field name. */
const CODES: Record<string, string> = {
  missing: "does not exist",
  missing_field: "is missing",
  invalid: "is invalid",
  already_exists: "already exists",
  unprocessable: "cannot be processed",
};

/** `color is invalid (Label); labels are locked`: GitHub's `errors` array, readable. */
function describeErrors(errors: GitHubErrorBody["errors"]): string {
  if (!Array.isArray(errors) || errors.length === 0) return "";
  const parts = errors.map((e) => {
    if (typeof e === "string") return e;
    const text = e.message ?? [e.field, CODES[e.code ?? ""] ?? e.code].filter(Boolean).join(" ");
    return e.resource ? `${text} (${e.resource})` : text;
  });
  return `: ${parts.join("; ")}`;
}

/**
 * What a 403/404 says the call needs and the token has: `x-accepted-github-permissions`
 * (fine-grained tokens and GitHub Apps), or `x-accepted-oauth-scopes` with `x-oauth-scopes`
 * (classic tokens). `undefined` when GitHub sent neither.
 */
export function permissionHint(status: number, headers: ResponseHeaders): PermissionHint | undefined {
  if (status !== 403 && status !== 404) return undefined;
  const fine = headers["x-accepted-github-permissions"]?.trim();
  if (fine) return { kind: "fine-grained", needs: fine };
  const accepted = headers["x-accepted-oauth-scopes"]?.trim();
  const has = headers["x-oauth-scopes"];
  // GitHub sends both on every classic-token response; only a missing scope is worth a hint.
  if (!accepted || has === undefined) return undefined;
  const held = has
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const needed = accepted
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (needed.some((scope) => held.includes(scope))) return undefined;
  return { kind: "classic", needs: needed.join(", "), has: held.join(", ") };
}

function describeHint(hint: PermissionHint | undefined): string {
  if (!hint) return "";
  if (hint.kind === "fine-grained") return `; needs ${hint.needs}`;
  return `; needs ${hint.needs.includes(",") ? "one of the scopes" : "the scope"} ${hint.needs}; this token has ${hint.has ? `the scopes ${hint.has}` : "no scopes"}`;
}

/** `POST https://api.github.com/repos/o/r/labels → 422 Unprocessable Entity: Validation Failed: color is invalid (Label) (https://docs…)`; HTTP/2 responses carry no reason phrase (`→ 404: Not Found`). */
export function httpErrorMessage(
  request: RequestOptions,
  status: number,
  statusText: string,
  data: unknown,
  invalidJson?: Error,
  hint?: PermissionHint,
): string {
  let message = `${request.method} ${request.url} → ${status} ${statusText}`.trimEnd();
  if (invalidJson) return `${message}: the response body is not valid JSON (${invalidJson.message})`;
  const body: GitHubErrorBody = Object(data);
  const text = typeof data === "string" && data.length < 300 ? data.trim() : "";
  if (body.message || text) message += `: ${body.message ?? text}`;
  message += describeErrors(body.errors);
  if (body.documentation_url) message += ` (${body.documentation_url})`;
  return message + describeHint(hint);
}

/** @octokit/rest v16's fields: GitHub's `errors` details and documentation link, read from the error's (redacted) response. */
export function addDetails(error: HttpError): void {
  const body: GitHubErrorBody = Object(error.response.data);
  if (Array.isArray(body.errors)) error.errors = body.errors;
  if (typeof body.documentation_url === "string") error.documentation_url = body.documentation_url;
}

/**
 * A bound on how deeply an error body's JSON may nest. V8's `JSON.parse` itself needs no
 * stack for depth, but what reads an error body next walks it recursively (the redacted copy
 * on `HttpError.response.data`, kernel/redact.ts): 3,000 levels in 6 KB overflowed the stack
 * there, and the `HttpError` was lost. GitHub's own error bodies nest a few levels.
 */

/** The deepest nesting of arrays and objects parsed in an error body; deeper stays text. */
const MAX_ERROR_JSON_DEPTH = 256;

/**
 * `JSON.parse(text)`, or a `SyntaxError` saying so when arrays and objects nest deeper than
 * {@link MAX_ERROR_JSON_DEPTH}. One pass over `text`; strings are skipped whole, so a bracket
 * inside one never counts.
 */
export function parseBoundedJson(text: string): unknown {
  let depth = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // To the closing quote: one preceded by an even run of backslashes.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_ERROR_JSON_DEPTH)
        throw new SyntaxError(`nested deeper than ${MAX_ERROR_JSON_DEPTH} levels; kept as text`);
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return JSON.parse(text);
}
