// Test helper for the auth plugin: an RSA key pair in the formats GitHub uses (the private
// key as PKCS#1 `BEGIN RSA PRIVATE KEY`), and a JWT check done with node:crypto — an
// implementation independent of the Web Crypto code under test.
import { createPublicKey, generateKeyPairSync, verify, createPrivateKey } from "node:crypto";

export interface AppKeys {
  /** PKCS#1 PEM, as GitHub's "Generate a private key" downloads it. */
  pkcs1: string;
  /** The same key as PKCS#8 PEM. */
  pkcs8: string;
  /** SPKI PEM of the public key. */
  publicKey: string;
}

export function generateAppKeys(): AppKeys {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  const pkcs8 = createPrivateKey(privateKey).export({ type: "pkcs8", format: "pem" }) as string;
  return { pkcs1: privateKey, pkcs8, publicKey };
}

export interface VerifiedJwt {
  header: Record<string, unknown>;
  claims: { iat: number; exp: number; iss: number | string };
}

/** Verify an RS256 JWT with `publicKey`; throws unless the signature is valid. */
export function verifyJwt(jwt: string, publicKey: string): VerifiedJwt {
  const parts = jwt.split(".");
  if (parts.length !== 3) throw new Error(`not a JWT: ${parts.length} parts`);
  const [header = "", payload = "", signature = ""] = parts;
  const valid = verify(
    "RSA-SHA256",
    Buffer.from(`${header}.${payload}`),
    createPublicKey(publicKey),
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("JWT signature does not verify");
  const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  return { header: decode(header), claims: decode(payload) };
}
