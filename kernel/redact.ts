/**
 * One redaction routine for everything forgekit prints or throws: error messages,
 * `error.request`, log lines and debug output all pass through here.
 */

/** Keys whose values are secrets in the OAuth web flow and token exchanges. */
const SECRET_KEYS = "access_token|client_secret|code|refresh_token";
/** `?code=…` / `&access_token=…` in a URL or form body. */
const QUERY_SECRET = /* @__PURE__ */ new RegExp(`([?&](?:${SECRET_KEYS})=)[^&#\\s"']*`, "gi");
/** `"client_secret": "…"` in a JSON request body. */
const JSON_SECRET = /* @__PURE__ */ new RegExp(`("(?:${SECRET_KEYS})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[^,}\\s]+)`, "gi");
/** GitHub token shapes: https://github.blog/2021-04-05-behind-githubs-new-authentication-token-formats/ */
const TOKEN_SHAPE = /\b(gh[pousr]_|github_pat_)[A-Za-z0-9_]+/g;
/** Headers whose value is a credential; `authorization` keeps its scheme. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

/** Mask GitHub token shapes anywhere and secret query parameters in URLs. */
export function redact(text: string): string {
  if (!text) return text;
  return text.replace(TOKEN_SHAPE, "$1[REDACTED]").replace(QUERY_SECRET, "$1[REDACTED]");
}

/** {@link redact}, and also mask secret keys of a JSON request body. */
export function redactBody(body: string): string {
  return redact(body).replace(JSON_SECRET, '$1"[REDACTED]"');
}

/** A copy of `headers` fit for printing: credentials reduced to their scheme. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    const text = String(value);
    if (SECRET_HEADERS.has(name.toLowerCase())) {
      const scheme = /^([\w-]+)\s+\S/.exec(text);
      out[name] = scheme ? `${scheme[1]} [REDACTED]` : "[REDACTED]";
    } else {
      out[name] = redact(text);
    }
  }
  return out;
}
