/**
 * One redaction routine for everything forgekit prints or throws: error messages,
 * `error.request`, `error.response`, the causes of network errors, log lines and debug
 * output all pass through here. docs/security.md lists what is masked where.
 *
 * Credentials the client holds are masked by value first (below); then the
 * shape rules below catch the ones it never held (another token quoted by a server).
 *
 * Every pattern below runs in linear time on hostile input (they are also applied to
 * response headers): each is a literal prefix followed by one greedy character class that
 * cannot fail once the prefix matched, or (USERINFO) a class that excludes its own start
 * character, so no position is scanned more than a constant number of times.
 */

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
 * Mask every credential known by value (below), then GitHub token shapes,
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

/**
 * Credentials known by value, so that `redact` (kernel/redact.ts) masks them whatever their
 * shape: a server may echo the credential it received ("Bad credentials: token …"), and a
 * 40-hex classic token, a GHES `v1.` token, a JWT, a password or a client secret matches
 * no pattern. The auth plugin adds every credential it holds or derives; errors and
 * `redactHeaders` add the `authorization` and `proxy-authorization` values they see.
 *
 * Process-wide on purpose: an error or log line does not know its client, and masking
 * another client's credential too is harmless. At most `LIMIT` values are kept, the
 * least recently added dropped first (a long-lived App adds one token per installation and
 * hour). docs/security.md describes the rules.
 */

/** Values this long are masked wherever they occur, even inside a longer word. */
const ANYWHERE = 8;
const LIMIT = 1024;
/** A value → the pattern that finds it as a whole word (shorter values), or `undefined` (anywhere). */
const known = new Map<string, RegExp | undefined>();

/**
 * The characters of a word: a short credential is masked only where none of them touch it.
 * Punctuation is left out, `.~+/=-` included, though credentials are made of them too: an echo
 * puts a credential after `key=` or `user/` and before a full stop, and masking a short value
 * inside a base64 or URL string that happens to hold it costs only readability.
 */
const WORD = "[A-Za-z0-9_]";

/**
 * Mask `value` (a credential) wherever `redact` runs from now on, and its
 * URL-encoded form (`encode`) as it appears in a query or a form body. Empty values are ignored.
 */
export function addSecret(value: unknown, encode = true): void {
  if (typeof value !== "string" || !value) return;
  known.delete(value);
  known.set(
    value,
    value.length < ANYWHERE
      ? new RegExp(`(?<!${WORD})${value.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")}(?!${WORD})`, "g")
      : undefined,
  );
  if (known.size > LIMIT) known.delete(known.keys().next().value as string);
  // The same value as it appears in a URL's query or a form body.
  const encoded = encode && encodeURIComponent(value);
  if (encoded && encoded !== value) addSecret(encoded, false);
}

/**
 * Add the credential of an `authorization` (or `proxy-authorization`) value: what follows
 * its scheme, and for Basic also the decoded `user:password` pair and the password.
 */
export function addAuthorization(value: unknown): void {
  if (typeof value !== "string") return;
  const [, scheme = "", credential = value] = /^([\w-]+)\s+(\S.*)$/.exec(value.trim()) ?? [];
  addSecret(credential);
  if (scheme.toLowerCase() !== "basic") return;
  try {
    const pair = new TextDecoder().decode(Uint8Array.from(atob(credential), (c) => c.charCodeAt(0)));
    addSecret(pair);
    addSecret(pair.slice(pair.indexOf(":") + 1));
  } catch {}
}

/** `text` with every known credential replaced by `[REDACTED]` (a GitHub token keeps its `ghp_`-style prefix). */
export function scrubSecrets(text: string): string {
  const found: [string, RegExp | undefined][] = [];
  for (const entry of known) if (text.includes(entry[0])) found.push(entry);
  // Longest first: a value that holds another (a Basic pair, its password) goes whole.
  for (const [value, word] of found.sort((a, b) => b[0].length - a[0].length)) {
    const masked = (/^(gh[pousr]_|github_pat_)/.exec(value)?.[0] ?? "") + "[REDACTED]";
    text = word ? text.replace(word, masked) : text.split(value).join(masked);
  }
  return text;
}
