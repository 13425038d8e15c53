import { ForgeError, isHttpError, type Client, type EndpointOptions } from "../../kernel/index.js";
import { needsJwt } from "./app-routes.js";
import { importPrivateKey, signJwt } from "./jwt.js";
import type { AppCredentials, Strategy } from "./types.js";

/**
 * The GitHub App strategy, loaded with `import()` only when the `auth` option is an App
 * config. App routes get the app's JWT; other requests an installation token, exchanged
 * with the JWT, cached per installation, refreshed ahead of expiry by one shared request.
 * https://docs.github.com/apps/creating-github-apps/authenticating-with-a-github-app/authenticating-as-a-github-app-installation
 */

/** Refresh an installation token with less than this left (they live one hour). */
const REFRESH_AHEAD = 5 * 60_000;
/** GitHub's lifetime of an installation token, should a response lack `expires_at`. */
const TOKEN_LIFETIME = 60 * 60_000;
/** GitHub refuses a JWT whose `exp` is more than 10 minutes ahead; `iat` is set 60 s back for clock drift. */
const JWT_LIFETIME = 600;

interface Cached<T> {
  value: T;
  /** Expiry on the server's clock, in ms. */
  expires: number;
}

/** The App strategy for one client: per-client caches, nothing at module level. */
export function appStrategy(client: Client, app: AppCredentials): Strategy {
  let key: Promise<CryptoKey> | undefined;
  let jwt: Cached<Promise<string>> | undefined;
  let skew = 0; // how far the server's clock is ahead of ours (from a 401's Date header), ms
  const tokens = new Map<string, Cached<string>>();
  const pending = new Map<string, Promise<Cached<string>>>();
  const now = () => Date.now() + skew;
  // `iss` is the app id (a number) or its client id (a string): https://docs.github.com/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-json-web-token-jwt-for-a-github-app
  const iss = /^\d+$/.test(String(app.appId)) ? Number(app.appId) : app.appId;
  const debug = (message: string) => client.options.log.debug(message, { namespace: "auth" });

  function appJwt(): Promise<string> {
    if (jwt && jwt.expires - now() > 60_000) return jwt.value;
    const iat = Math.floor(now() / 1000) - 60;
    key ??= importPrivateKey(app.privateKey);
    const value = key.then((signing) => signJwt(signing, { iat, exp: iat + JWT_LIFETIME, iss })).then((token) => `bearer ${token}`);
    const entry = (jwt = { value, expires: (iat + JWT_LIFETIME) * 1000 });
    value.catch(() => jwt === entry && (jwt = undefined));
    return value;
  }

  /** After a 401 to a JWT: learn the server's clock from its Date header and sign anew. */
  function jwtRejected(date: string | undefined): void {
    const server = date ? Date.parse(date) : NaN;
    if (!Number.isNaN(server)) skew = server - Date.now();
    jwt = undefined;
  }

  async function exchange(installation: string): Promise<Cached<string>> {
    const send = async () => {
      const authorization = await appJwt();
      return client.request("POST /app/installations/{installation_id}/access_tokens", { installation_id: installation, headers: { authorization } });
    };
    const { data } = await send().catch((error: unknown) => {
      if (!isHttpError(error) || error.status !== 401) throw error;
      jwtRejected(error.headers.date);
      return send();
    });
    if (typeof data?.token !== "string" || !data.token) {
      throw new ForgeError(`POST /app/installations/${installation}/access_tokens answered without a "token": is baseUrl a GitHub API?`);
    }
    const expires = Date.parse(data.expires_at) || now() + TOKEN_LIFETIME;
    const entry = { value: `token ${data.token}`, expires };
    tokens.set(installation, entry);
    debug(`installation ${installation}: token refreshed, expires ${new Date(expires).toISOString()}`);
    return entry;
  }

  /** The cached token, or the one refresh in flight for this installation (started if needed). */
  function installationToken(installation: string): Cached<string> | Promise<Cached<string>> {
    const cached = tokens.get(installation);
    if (cached && cached.expires - now() > REFRESH_AHEAD) return cached;
    let flight = pending.get(installation);
    if (!flight) {
      pending.set(installation, (flight = exchange(installation)));
      const settle = () => pending.get(installation) === flight && pending.delete(installation);
      flight.then(settle, settle);
    }
    return flight;
  }

  const installationOf = (endpoint: EndpointOptions) => {
    const id = endpoint.request.installationId ?? app.installationId;
    return id === undefined ? undefined : String(id);
  };

  return {
    kind: "app",
    async header(endpoint) {
      const installation = installationOf(endpoint);
      if (installation === undefined || needsJwt(endpoint)) return appJwt();
      return (await installationToken(installation)).value;
    },
    rejected(endpoint, used, headers) {
      if (used.startsWith("bearer ")) jwtRejected(headers.date);
      else {
        const installation = installationOf(endpoint);
        // Only forget the token that failed: a concurrent request may have refreshed it already.
        if (installation !== undefined && tokens.get(installation)?.value === used) tokens.delete(installation);
      }
      return true;
    },
  };
}
