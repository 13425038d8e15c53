import { then } from "../store/maybe-promise.js";

/**
 * Store keys name the credential by a hash, never the credential: SHA-256 (Web Crypto) of
 * the whole `authorization` header, first 16 hex digits. Browsers outside a secure context
 * have no `crypto.subtle` (and Jest's jsdom no `TextEncoder`): there an FNV-1a pair gives the same length. Each header is hashed
 * once per client, so after the first request the check stays synchronous.
 */

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function fnv(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

async function digest(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  // `TextEncoder` is read here, not when the module loads: Jest's jsdom environment has none,
  // and this module loads with the throttle (test/package/require-fallback.test.cjs).
  if (!subtle || typeof TextEncoder !== "function") return fnv(text, 2166136261) + fnv(text, 374761393);
  return hex(new Uint8Array(await subtle.digest("SHA-256", new TextEncoder().encode(text))).subarray(0, 8));
}

/** A per-client hasher: `"anonymous"` without a header, the hash (sync once known) with one. */
function credentialHasher(): (header: string | undefined) => string | Promise<string> {
  const known = new Map<string, string>();
  return (header) => {
    if (!header) return "anonymous";
    const hash = known.get(header);
    if (hash) return hash;
    return digest(header).then((value) => {
      if (known.size >= 16) known.clear();
      known.set(header, value);
      return value;
    });
  };
}

/**
 * The credential a request's pauses are keyed by, per client. `before` reads the
 * `authorization` header as the throttle sees it; when a hook that runs inside the engine
 * adds it (auth applied before throttle), `after` learns its hash from the finished request,
 * and later requests without a visible header use that one.
 */
export function credentials() {
  const hash = credentialHasher();
  const unseen = new WeakSet<object>();
  let hidden: string | undefined;
  return {
    before(request: object, header: string | undefined): string | Promise<string> {
      if (header) return hash(header);
      unseen.add(request);
      return hidden ?? "anonymous";
    },
    /** The credential to record `request`'s outcome under (`checked` is what `before` gave). */
    after(request: object, header: string | undefined, checked: string): string | Promise<string> {
      if (!header || !unseen.has(request)) return checked;
      const learn = (value: string) => (hidden = value);
      return then(hash(header), learn) as string | Promise<string>;
    },
  };
}
