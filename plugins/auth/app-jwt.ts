import { addSecret } from "../../kernel/index.js";
import { importPrivateKey, signJwt } from "./jwt.js";
import type { AppCredentials } from "./types.js";

/**
 * The app's JWT for one client, signed on first use and reused until a minute before it
 * expires; the clock it reads follows GitHub's once a 401 has told us the time.
 * docs/authentication.md#github-apps says what GitHub requires of it.
 */

/** GitHub refuses a JWT whose `exp` is more than 10 minutes ahead; `iat` is set 60 s back for clock drift. */
const LIFETIME = 600;
/** A change of our idea of GitHub's clock this large may explain a refused JWT (`Date` has 1 s resolution). */
const SKEW_THAT_MATTERS = 30_000;

export interface AppJwt {
  /** `bearer <jwt>`, spelled as every @octokit release sends it (the scheme is case-insensitive, RFC 7235 §2.1); concurrent callers share one signature. */
  header(): Promise<string>;
  /**
   * After a 401 to a JWT: adopt the clock of GitHub's `Date` header and sign anew next time.
   * True when that moved our clock far enough for a new JWT to pass (a retry can help).
   */
  rejected(date: string | undefined): boolean;
  /** Now on GitHub's clock as far as we know it, ms. */
  now(): number;
}

export function appJwt(app: AppCredentials): AppJwt {
  let key: Promise<CryptoKey> | undefined;
  let cached: { value: Promise<string>; expires: number } | undefined;
  let skew = 0; // how far GitHub's clock is ahead of ours, ms
  // `iss` is the app id (a number) or its client id (a string).
  const iss = /^\d+$/.test(String(app.appId)) ? Number(app.appId) : app.appId;
  const now = () => Date.now() + skew;
  return {
    now,
    header() {
      if (cached && cached.expires - now() > 60_000) return cached.value;
      const iat = Math.floor(now() / 1000) - 60;
      key ??= importPrivateKey(app.privateKey);
      const value = key
        .then((signing) => signJwt(signing, { iat, exp: iat + LIFETIME, iss }))
        .then((jwt) => (addSecret(jwt), `bearer ${jwt}`));
      const entry = (cached = { value, expires: (iat + LIFETIME) * 1000 });
      value.catch(() => cached === entry && (cached = undefined));
      return value;
    },
    rejected(date) {
      const server = date ? Date.parse(date) : NaN;
      const before = skew;
      if (!Number.isNaN(server)) skew = server - Date.now();
      cached = undefined;
      // `iat` 60 s back and `exp` 9 minutes ahead absorb a smaller gap: a JWT refused with
      // clocks that close was refused for its key or app id, and a new one would be too.
      return Math.abs(skew - before) > SKEW_THAT_MATTERS;
    },
  };
}
