import { addAuthorization } from "../../kernel/index.js";
import { base64 } from "./base64.js";

/**
 * `authorization` header values, as GitHub accepts them today (query-parameter
 * credentials were removed in 2021; docs/authentication.md shows each form).
 */

/** A JWT: three base64url parts, the header starting `{"` (`eyJ`). */
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
/** A value that already names its scheme is sent as given. */
const SCHEME = /^(?:token|bearer|basic)\s+\S/i;

/** `value`, whose credential is now masked by value wherever forgekit redacts (kernel/redact.ts). */
export function known(value: string): string {
  addAuthorization(value);
  return value;
}

/** `token <t>`, `bearer <jwt>` for a JWT (lower case, as @octokit sends it), or the value itself when it carries a scheme. */
export function tokenHeader(token: string): string {
  const value = token.trim();
  if (SCHEME.test(value)) return known(value);
  return known(JWT.test(value) ? `bearer ${value}` : `token ${value}`);
}

/** HTTP Basic (RFC 7617): `Basic base64(user:secret)`, UTF-8 encoded (RFC 7617 §2.1 charset). */
export function basicHeader(user: string, secret: string): string {
  return known(`Basic ${base64(`${user}:${secret}`)}`);
}
