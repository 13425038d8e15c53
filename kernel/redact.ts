/**
 * One redaction routine for everything forgekit prints or throws: error messages,
 * `error.request`, `error.response`, the causes of network errors, log lines and debug
 * output all pass through here. docs/security.md lists what is masked where.
 *
 * Credentials the client holds are masked by value first (kernel/secrets.ts); then the
 * shape rules below catch the ones it never held (another token quoted by a server).
 *
 * Every pattern below runs in linear time on hostile input (they are also applied to
 * response headers): each is a literal prefix followed by one greedy character class that
 * cannot fail once the prefix matched, or (USERINFO) a class that excludes its own start
 * character, so no position is scanned more than a constant number of times.
 */

import { addAuthorization, scrubSecrets } from "./secrets.js";

/**
 * GitHub's token shapes (a prefix such as `ghp_` or `github_pat_`, then word characters), also
 * right after a percent-escape: a path value `a/ghp_…` is sent as `a%2Fghp_…`.
 */
const TOKEN_SHAPE = /(?:\b|(?<=%[0-9A-Fa-f]{2}))(gh[pousr]_|github_pat_)\w+/g;
/** `code=…` / `access_token=…` in a URL, a form body or any text (not `error_code=…`). */
const QUERY_SECRET = /(\b(?:access_token|client_secret|code|refresh_token)=)[^&#\s"']*/gi;
/** The password (and user) of `https://user:password@host`. */
const USERINFO = /\/\/[^/?#\s@]*@/g;
/** `"client_secret": "…"` in a JSON request body (linear: the string alternative stops at the next unescaped quote). */
const JSON_SECRET = /("(?:access_token|client_secret|code|refresh_token)"\s*:\s*)("(?:[^"\\]|\\.)*"|[^,}\s]+)/gi;
/** Headers whose value is a credential; `authorization` keeps its scheme. */
const SECRET_HEADER = /^(proxy-)?authorization$|cookie$/i;

/**
 * Mask every credential known by value (kernel/secrets.ts), then GitHub token shapes,
 * secret query/form parameters and URL passwords in `text`.
 */
export function redact(text: string): string {
  return (
    text &&
    scrubSecrets(text)
      .replace(TOKEN_SHAPE, "$1[REDACTED]")
      .replace(QUERY_SECRET, "$1[REDACTED]")
      .replace(USERINFO, "//[REDACTED]@")
  );
}

/** {@link redact}, and also mask secret keys of a JSON request body. */
export function redactBody(body: string): string {
  return redact(body).replace(JSON_SECRET, '$1"[REDACTED]"');
}

/**
 * Learn the credentials of request `headers` (`authorization`, `proxy-authorization`), so that
 * {@link redact} masks them by value wherever a server echoes them: a caller's own header is
 * known to no auth plugin. Printers (logs, debug lines) call it before printing.
 */
export function learnCredentials(headers: Record<string, unknown>): void {
  for (const name in headers) if (/^(proxy-)?authorization$/i.test(name)) addAuthorization(headers[name]);
}

/** A copy of `headers` fit for printing: credentials reduced to their scheme, the rest {@link redact}ed. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  // Learn the credentials first: another header (or a body printed next) may quote them.
  learnCredentials(headers);
  for (const name in headers) {
    const value = String(headers[name]);
    // The scheme goes through redact too: a bare token followed by a space is no scheme.
    out[name] = redact(SECRET_HEADER.test(name) ? (/^[\w-]+\s+(?=\S)/.exec(value)?.[0] ?? "") + "[REDACTED]" : value);
  }
  return out;
}

/**
 * A response body fit for an error: every string in it {@link redact}ed. JSON values are
 * copied (a server may echo a token in an error body); bytes are kept as they are.
 */
export function redactData(data: unknown): unknown {
  return data === undefined || data instanceof ArrayBuffer
    ? data
    : JSON.parse(JSON.stringify(data), (_key, value) => (typeof value === "string" ? redact(value) : value));
}
