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
