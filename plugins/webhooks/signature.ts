import { ParameterError } from "../../kernel/index.js";

/**
 * `X-Hub-Signature-256` signing and checking with Web Crypto (`crypto.subtle`), so the same
 * code runs in Node, Deno, Bun, browsers and edge workers. The check is `crypto.subtle.verify`,
 * which compares the MACs in constant time (Node's implementation uses CRYPTO_memcmp, the
 * primitive `crypto.timingSafeEqual` wraps). GitHub's docs: "Validating webhook deliveries".
 */

const encoder = new TextEncoder();
/** `sha256=` and 64 hex digits, nothing else (GitHub sends lower case; upper case is accepted). */
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** The HMAC-SHA-256 key of `secret` (a `Webhooks` keeps its own; nothing is cached at module level). */
export const hmacKey = (secret: string): Promise<CryptoKey> =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

/** A secret as given to `new Webhooks({ secret })` or `sign(secret, …)`: a non-empty string. */
export function checkSecret(secret: unknown, where: string): string {
  if (typeof secret !== "string" || secret === "")
    throw new ParameterError(
      `${where}: "secret" is ${secret === "" ? "an empty string" : secret === undefined ? "missing" : `a ${typeof secret}`}; pass the webhook secret set in the app's or hook's settings, e.g. process.env.WEBHOOK_SECRET.`,
    );
  return secret;
}

const bytesOf = (payload: string | Uint8Array) =>
  (typeof payload === "string" ? encoder.encode(payload) : payload) as Uint8Array<ArrayBuffer>;

/**
 * The `X-Hub-Signature-256` value of `payload` (the raw body, as sent): `sha256=<hex>`.
 *
 * @example
 * const signature = await sign(process.env.WEBHOOK_SECRET, JSON.stringify(payload));
 */
export async function sign(secret: string, payload: string | Uint8Array): Promise<string> {
  checkSecret(secret, "sign()");
  return signWith(hmacKey(secret), payload);
}

/** {@link sign} with a key already imported. */
export async function signWith(key: Promise<CryptoKey>, payload: string | Uint8Array): Promise<string> {
  if (typeof payload !== "string" && !(payload instanceof Uint8Array))
    throw new ParameterError(
      `sign(): the payload is ${payload === undefined ? "missing" : `a ${typeof payload}`}; pass the raw request body as a string (JSON.stringify(payload) for an object).`,
    );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key, bytesOf(payload)));
  let hex = "";
  for (const byte of mac) hex += byte.toString(16).padStart(2, "0");
  return `sha256=${hex}`;
}

/**
 * Whether `signature` (`X-Hub-Signature-256`) is `payload`'s under `secret`. Anything that is
 * not a `sha256=` signature of the right length (a `sha1=` one, nothing, garbage) is `false`,
 * never a throw: the value comes from the network.
 */
export async function verify(secret: string, payload: string | Uint8Array, signature: unknown): Promise<boolean> {
  checkSecret(secret, "verify()");
  return verifyWith(hmacKey(secret), payload, signature);
}

/** {@link verify} with a key already imported. */
export async function verifyWith(
  key: Promise<CryptoKey>,
  payload: string | Uint8Array,
  signature: unknown,
): Promise<boolean> {
  if (typeof payload !== "string" && !(payload instanceof Uint8Array)) return false;
  const hex = typeof signature === "string" ? SIGNATURE.exec(signature)?.[1] : undefined;
  if (!hex) return false;
  const mac = new Uint8Array(32);
  for (let index = 0; index < 32; index++) mac[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return crypto.subtle.verify("HMAC", await key, mac, bytesOf(payload));
}
