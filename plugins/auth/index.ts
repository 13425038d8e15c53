import type { Client, Plugin } from "../../kernel/index.js";
import { fromAuthenticate } from "./forms.js";
import { checkApp, fromOption } from "./options.js";
import { authWrap } from "./hook.js";
import { allowedOrigins } from "./origin.js";
import type { AppCredentials, AuthenticateOptions, AuthOption, Strategy } from "./types.js";

export type {
  AppCredentials,
  AuthenticateOptions,
  AuthOption,
  BasicCredentials,
  ClientCredentials,
  TokenFunction,
  TokenRequest,
} from "./types.js";

/** What the auth plugin adds to a client. */
export interface AuthAdditions {
  /**
   * Use `auth` for every following request (docs/authentication.md); with no argument, send none.
   * Synchronous: it only checks and stores. Throws a `RequestError` naming what is wrong.
   */
  authenticate(auth?: AuthenticateOptions): void;
}

/** Options the auth plugin reads. */
export interface AuthOptions {
  /** Credentials for every request: see {@link AuthOption} and docs/authentication.md. */
  auth?: AuthOption | undefined;
}

function isApp(option: AuthOption): option is AppCredentials {
  return typeof option === "object" && option !== null && "appId" in option;
}

/** A GitHub App strategy whose code (JWT, PEM, token cache) loads on first use. */
function lazyApp(client: Client, app: AppCredentials): Strategy {
  checkApp(app);
  let loaded: Promise<Strategy> | undefined;
  const load = () =>
    (loaded ??= import("./app.js").then(
      (module) => module.appStrategy(client, app),
      (error: unknown) => ((loaded = undefined), Promise.reject(error)),
    ));
  return {
    kind: "app",
    header: async (endpoint) => (await load()).header(endpoint),
    rejected: async (endpoint, used, headers) => (await load()).rejected?.(endpoint, used, headers) ?? false,
  };
}

/**
 * Authentication: the `auth` option and `client.authenticate()`. Credentials go only to
 * the API's origin (and its uploads origin), never to another host.
 *
 * @example
 * const MyClient = Client.plugin([auth]);
 * const client = new MyClient({ auth: process.env.GITHUB_TOKEN });
 * client.authenticate({ type: "basic", username: "<USERNAME>", password: "<PASSWORD>" });
 * client.authenticate(); // anonymous from now on
 */
export const auth: Plugin<AuthAdditions, AuthOptions> = (client, options) => {
  const given = options.auth;
  // Still readable, but out of console.log(client), util.inspect and JSON.stringify: it may be a token or a PEM.
  if (given !== undefined)
    Object.defineProperty(client.options, "auth", {
      value: given,
      enumerable: false,
      writable: true,
      configurable: true,
    });
  let strategy: Strategy | undefined =
    given === undefined ? undefined : isApp(given) ? lazyApp(client, given) : fromOption(given);
  client.hook.wrap(
    "request",
    authWrap(client, () => strategy, allowedOrigins(client.options.baseUrl)),
  );
  return {
    authenticate(credentials?: AuthenticateOptions): void {
      strategy = credentials === undefined ? undefined : fromAuthenticate(credentials);
      client.options.log.debug(
        strategy ? `authenticate: ${strategy.kind} credentials set` : "authenticate: credentials cleared",
        { namespace: "auth" },
      );
    },
  };
};
