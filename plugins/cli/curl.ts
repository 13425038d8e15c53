import { redact, redactBody, redactHeaders } from "../../kernel/index.js";

/** A request as the transport was about to send it. */
export interface Captured {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Single-quote `text` for a POSIX shell. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Mask every occurrence of each secret (e.g. the token from the environment, whatever its shape). */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = redact(text);
  for (const secret of secrets) if (secret.length >= 4) out = out.replaceAll(secret, "[REDACTED]");
  return out;
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

function byteLength(body: unknown): number | undefined {
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (typeof Blob !== "undefined" && body instanceof Blob) return body.size;
  return undefined;
}

/**
 * The request as a curl command line (method, URL, headers, body), credentials masked:
 * headers through `redactHeaders`, URL and body through `redact`/`redactBody`, and every
 * `secret` wherever it appears. A binary body is described, not printed.
 *
 * @example
 * toCurl({ method: "GET", url: "https://api.github.com/user", headers: { authorization: "token ghp_x" } }, [])
 * // curl -X GET https://api.github.com/user \
 * //   -H 'authorization: token [REDACTED]'
 */
export function toCurl(request: Captured, secrets: readonly string[]): string {
  const parts = [request.method === "HEAD" ? "curl --head" : `curl -X ${request.method}`];
  parts[0] += ` ${shellQuote(scrub(request.url, secrets))}`;
  const headers = redactHeaders(request.headers);
  for (const name of Object.keys(headers).sort())
    parts.push(`-H ${shellQuote(scrub(`${name}: ${headers[name]}`, secrets))}`);
  const text = bodyText(request.body);
  const bytes = byteLength(request.body);
  if (text !== undefined) parts.push(`--data-raw ${shellQuote(scrub(redactBody(text), secrets))}`);
  else if (bytes !== undefined)
    parts.push(`--data-binary @- # ${bytes} bytes of binary data, not shown (pipe them in)`);
  else if (request.body != null)
    parts.push(`# a ${Object.prototype.toString.call(request.body).slice(8, -1)} body, not shown`);
  return `${parts.join(" \\\n  ")}\n`;
}
