import { ParameterError } from "../../kernel/index.js";
import { base64url } from "./base64.js";
import { pkcs8 } from "./pem.js";

/**
 * The GitHub App JWT, RS256-signed with Web Crypto (browsers, Node ≥ 20, Deno, Bun);
 * its claims as docs/authentication.md#github-apps gives them.
 */

const ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;
/** base64url of `{"alg":"RS256","typ":"JWT"}`. */
const HEADER = /* @__PURE__ */ base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));

/** The claims GitHub reads: issued at, expires at (seconds since the epoch), issuer (app or client id). */
export interface AppClaims {
  iat: number;
  exp: number;
  iss: number | string;
}

/** Import the app's PEM (PKCS#1 or PKCS#8) as a signing key; rejects with a ParameterError that never shows the key. */
export async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle)
    throw new ParameterError(
      "GitHub App authentication needs Web Crypto (globalThis.crypto.subtle): Node ≥ 20, or a browser page served over https.",
    );
  const der = pkcs8(pem);
  try {
    return await subtle.importKey("pkcs8", der, ALGORITHM, false, ["sign"]);
  } catch (cause) {
    throw new ParameterError(
      `The GitHub App's "privateKey" could not be imported as an RSA key: pass the .pem file's text from the app's settings page.`,
      undefined,
      cause,
    );
  }
}

/** `header.payload.signature`, signed with `key`. */
export async function signJwt(key: CryptoKey, claims: AppClaims): Promise<string> {
  const input = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  const signature = await globalThis.crypto.subtle.sign(ALGORITHM, key, new TextEncoder().encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}
