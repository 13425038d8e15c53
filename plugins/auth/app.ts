import { addSecret, ForgeError, isHttpError, type Client, type EndpointOptions } from "../../kernel/index.js";
import { appJwt } from "./app-jwt.js";
import { needsJwt } from "./app-routes.js";
import type { AppCredentials, Strategy } from "./types.js";

/**
 * The GitHub App strategy, loaded with `import()` only when the `auth` option is an App
 * config. App routes get the app's JWT; other requests an installation token, exchanged
 * with the JWT, cached per installation, refreshed ahead of expiry by one shared request.
 * docs/authentication.md#github-apps describes each step.
 */

/** Refresh an installation token with less than this left (they live one hour). */
const REFRESH_AHEAD = 5 * 60_000;
/** GitHub's lifetime of an installation token, should a response lack `expires_at`. */
const TOKEN_LIFETIME = 60 * 60_000;

/** `2024-01-01T00:00:00.000Z`, or words for a time no `Date` can hold. */
const describeTime = (at: number) =>
  Number.isNaN(new Date(at).getTime()) ? "at an unknown time" : new Date(at).toISOString();

interface Token {
  header: string;
  /** Expiry on GitHub's clock, ms. */
  expires: number;
}

/** The App strategy for one client: per-client caches, nothing at module level. */
export function appStrategy(client: Client, app: AppCredentials): Strategy {
  const jwt = appJwt(app);
  const tokens = new Map<string, Token>();
  const pending = new Map<string, Promise<Token>>();
  const warned = new Set<string>(); // installations whose token arrived expired (warned once)
  const debug = (message: string) => client.options.log.debug(message, { namespace: "auth" });

  async function exchange(installation: string): Promise<Token> {
    const send = async () =>
      client.request("POST /app/installations/{installation_id}/access_tokens", {
        installation_id: installation,
        headers: { authorization: await jwt.header() },
      });
    // Sent with its own authorization header (the auth wrap leaves it alone), so the JWT's 401 is handled here.
    const { data } = await send().catch((error: unknown) => {
      if (!isHttpError(error) || error.status !== 401) throw error;
      jwt.rejected(error.headers.date);
      return send();
    });
    if (typeof data?.token !== "string" || !data.token) {
      throw new ForgeError(
        `POST /app/installations/${installation}/access_tokens answered without a "token": is baseUrl a GitHub API?`,
      );
    }
    addSecret(data.token);
    const token = { header: `token ${data.token}`, expires: Date.parse(data.expires_at) || jwt.now() + TOKEN_LIFETIME };
    if (!(token.expires - jwt.now() > REFRESH_AHEAD)) {
      // Expired (or about to) on arrival: clock skew, or a broken server. Refreshing it on
      // every request would send one exchange per request; use it instead until GitHub
      // refuses it (a 401 refreshes it once, plugins/auth/wrap.ts) or a token's lifetime passes.
      if (!warned.has(installation)) {
        warned.add(installation);
        client.options.log.warn(
          `installation ${installation}: the new installation token expires ${describeTime(token.expires)}, before it could be used (is this machine's clock or the server's wrong?); using it until GitHub refuses it.`,
        );
      }
      token.expires = jwt.now() + TOKEN_LIFETIME;
    }
    tokens.set(installation, token);
    debug(`installation ${installation}: token refreshed, expires ${new Date(token.expires).toISOString()}`);
    return token;
  }

  /** The cached token, or the one refresh in flight for this installation (started if needed). */
  function installationToken(installation: string): Token | Promise<Token> {
    const cached = tokens.get(installation);
    if (cached && cached.expires - jwt.now() > REFRESH_AHEAD) return cached;
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
      if (installation === undefined || needsJwt(endpoint)) return jwt.header();
      return (await installationToken(installation)).header;
    },
    rejected(endpoint, used, headers) {
      if (/^bearer /i.test(used)) jwt.rejected(headers.date);
      else {
        const installation = installationOf(endpoint);
        // Forget only the token that failed: a concurrent request may have refreshed it already.
        if (installation !== undefined && tokens.get(installation)?.header === used) tokens.delete(installation);
      }
      return true;
    },
  };
}
