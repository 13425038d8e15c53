import { parse, redact, type EndpointOptions } from "../../kernel/index.js";
import { then, type MaybePromise } from "../store/maybe-promise.js";

/** Where a request's cached response lives: one store record per method + URL, one variant per representation. */
export interface Target {
  /** Store key of the record: `forgekit:cache:GET https://…` (never a credential). */
  key: string;
  /** Which representation inside the record: accept, API version, media type, credential hash. */
  variant: string;
  /** Identical in-flight requests share this. */
  flight: string;
}

/** Store key prefix, so cache records never collide with other plugins' keys in a shared store. */
export const PREFIX = "forgekit:cache:";
/** Hashes kept per client; installation tokens rotate, so old ones are dropped in bulk. */
const MAX_HASHES = 64;

/** The store key of `method` + absolute `url`. */
export const recordKey = (method: string, url: string) => `${PREFIX}${method} ${url}`;

/**
 * A per-client credential hasher: SHA-256 (Web Crypto, async) of an `authorization` value,
 * remembered so later requests with the same credential hash synchronously. Resolves to
 * `undefined` where Web Crypto is missing (insecure browser contexts): such requests are
 * not cached rather than keyed by a raw credential.
 */
export function createHasher(): (credential: string) => MaybePromise<string | undefined> {
  const known = new Map<string, MaybePromise<string | undefined>>();
  return (credential) => {
    const hit = known.get(credential);
    if (hit !== undefined) return hit;
    if (known.size >= MAX_HASHES) known.clear();
    const subtle = globalThis.crypto?.subtle;
    if (!subtle) return undefined;
    const pending = subtle.digest("SHA-256", new TextEncoder().encode(credential)).then(
      (digest) => {
        const hex = Array.from(new Uint8Array(digest, 0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
        known.set(credential, hex);
        return hex;
      },
      () => void known.delete(credential),
    );
    known.set(credential, pending);
    return pending;
  };
}

/**
 * The cache target of a GET/HEAD request, or `undefined` when its URL carries a secret
 * (`?access_token=…`): such a URL must not become a store key.
 */
export function target(
  options: EndpointOptions,
  hash: ReturnType<typeof createHasher>,
): MaybePromise<Target | undefined> {
  const { url } = parse(options);
  if (redact(url) !== url) return undefined;
  const { headers, method } = options;
  const credential = headers.authorization;
  const media = options.mediaType ? JSON.stringify(options.mediaType) : "";
  return then(credential === undefined ? "" : hash(credential), (digest) => {
    if (digest === undefined) return undefined;
    const key = recordKey(method, url);
    const variant = `${headers.accept ?? ""}\n${headers["x-github-api-version"] ?? ""}\n${media}\n${digest}`;
    return { key, variant, flight: `${key}\n${variant}` };
  });
}
