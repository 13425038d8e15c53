/**
 * base64 of UTF-8 text or bytes with `TextEncoder` + `btoa`, which browsers, Node ≥ 16,
 * Deno and Bun all have (so no `Buffer`). `btoa` alone throws on characters above U+00FF.
 */

/** Standard base64 (RFC 4648 §4) of `input`; strings are encoded as UTF-8 first. */
export function base64(input: string | Uint8Array): string {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  let binary = "";
  // Chunked: String.fromCharCode(...bytes) overflows the call stack for large inputs.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** base64url without padding (RFC 4648 §5), as JWTs use (RFC 7515 §2). */
export function base64url(input: string | Uint8Array): string {
  return base64(input).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}
