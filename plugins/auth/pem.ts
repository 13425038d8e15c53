import { ParameterError } from "../../kernel/index.js";

/**
 * PEM → PKCS#8 DER for Web Crypto's `importKey("pkcs8", …)`. GitHub hands out PKCS#1
 * (`BEGIN RSA PRIVATE KEY`, RFC 8017 A.1.2), which Web Crypto cannot import, so it is
 * wrapped in a PKCS#8 PrivateKeyInfo (RFC 5208 §5) with the rsaEncryption algorithm.
 */

/** AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }, DER-encoded. */
const RSA_ENCRYPTION = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

/** A DER tag-length-value (X.690 §8.1.3: definite length, short or long form). */
function tlv(tag: number, content: Uint8Array): Uint8Array {
  const length: number[] = [];
  for (let n = content.length; n > 0; n = Math.floor(n / 256)) length.unshift(n % 256);
  const head = content.length < 0x80 ? [tag, content.length] : [tag, 0x80 | length.length, ...length];
  const out = new Uint8Array(head.length + content.length);
  out.set(head);
  out.set(content, head.length);
  return out;
}

/** PrivateKeyInfo ::= SEQUENCE { version 0, algorithm, privateKey OCTET STRING (the PKCS#1 key) } */
function wrapPkcs1(pkcs1: Uint8Array): Uint8Array {
  const octets = tlv(0x04, pkcs1);
  const body = new Uint8Array(3 + RSA_ENCRYPTION.length + octets.length);
  body.set([0x02, 0x01, 0x00, ...RSA_ENCRYPTION]);
  body.set(octets, 3 + RSA_ENCRYPTION.length);
  return tlv(0x30, body);
}

/** The PKCS#8 DER of a PKCS#1 or PKCS#8 PEM; `\n` escapes (from an environment variable) are accepted. */
export function pkcs8(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN (RSA )?PRIVATE KEY-----([^-]+)-----END \1?PRIVATE KEY-----/.exec(pem.replace(/\\n/g, "\n"));
  let der: Uint8Array<ArrayBuffer>;
  try {
    if (!match) throw new Error("no PEM block");
    der = Uint8Array.from(atob((match[2] ?? "").replace(/\s+/g, "")), (char) => char.charCodeAt(0));
  } catch (cause) {
    throw new ParameterError(
      `The GitHub App's "privateKey" is not a readable PEM RSA private key: pass the .pem file's text from the app's settings page.`,
      undefined,
      cause,
    );
  }
  return match?.[1] ? (wrapPkcs1(der) as Uint8Array<ArrayBuffer>) : der;
}
