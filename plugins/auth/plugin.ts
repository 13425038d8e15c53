import { ParameterError, lazy, memberOnFirstUse, type Client, type Plugin } from "../../kernel/index.js";
import { fromAuthenticate } from "./forms.js";
import { fromOption } from "./options.js";
import { isApp } from "./describe.js";
import { authWrap, type Context } from "./wrap.js";
import { allowedOrigins } from "./origin.js";
import type { AppCredentials, AuthenticateOptions, AuthOption, Strategy } from "./types.js";
import { applyStrategy, describe, type AuthResult, type AuthStrategy, type OctokitAuth } from "./octokit.js";

export type { AuthResult, AuthStrategy, OctokitAuth } from "./octokit.js";

declare module "../../kernel/types.js" {
  interface TransportOptions {
    /** App authentication: the installation whose token this request uses. */
    installationId?: number | string;
  }
}

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
   * Synchronous: it only checks and stores. Throws a `ParameterError` naming what is wrong.
   */
  authenticate(auth?: AuthenticateOptions): void;
  /**
   * The credentials in use, in Octokit's shapes: `{ type: "token", token, tokenType }` or
   * `{ type: "unauthenticated" }`; with `authStrategy`, the strategy's own `auth` function.
   */
  auth(options?: { type?: string } & Record<string, unknown>): Promise<AuthResult | any>;
}

/** Options the auth plugin reads. */
export interface AuthOptions {
  /** Credentials for every request: see {@link AuthOption} and docs/authentication.md. */
  auth?: AuthOption | Record<string, unknown> | undefined;
  /** An Octokit auth strategy (`createAppAuth`, `createActionAuth`, …); `auth` is then its options. */
  authStrategy?: AuthStrategy | undefined;
}

/**
 * Where the `appAuth` plugin (plugins/app-auth/) keeps a client's loader of the GitHub App
 * strategy for `tokenAuth`. A registered symbol: plugins/app-auth/ makes the same one itself, so
 * that it imports nothing of this plugin (in Node, plugin subpaths share no preset module).
 */
const APP_STRATEGY = Symbol.for("forgekit.app");
/** The module of the GitHub App strategy (JWT, PEM, installation tokens). */
type AppModule = typeof import("./app.js");

/** Where a client keeps its credentials state (see plugins/auth/wrap.ts). */
const STATE = Symbol("forgekit.auth");
type Stateful = Client & { [STATE]: Context };

/**
 * What loads the GitHub App strategy's module (app.ts) for a client.
 * @internal
 */
export type AppLoader = (client: Client) => Promise<AppModule>;
type WithApp = Client & { [APP_STRATEGY]?: () => Promise<AppModule> };

/**
 * `tokenAuth`'s: the loader the `appAuth` plugin set on the client; without one the first
 * request fails, nothing sent, naming the plugin.
 */
const fromAppAuth: AppLoader = async (client: WithApp) => {
  const load = client[APP_STRATEGY];
  if (!load) throw new ParameterError("GitHub App auth needs the appAuth plugin (forgekit/plugins/app-auth).");
  return load();
};

/**
 * A GitHub App strategy whose code (JWT, PEM, token cache) loads on first use, with `loadApp`:
 * `auth`'s import, or (`tokenAuth`) the loader of the client's `appAuth` plugin. The config was
 * checked at construction by `check` (`auth`'s) or by the `appAuth` plugin (check-app.ts).
 */
function lazyApp(client: Client, app: AppCredentials, loadApp: AppLoader, check?: AppCheck): Strategy {
  check?.(app);
  const load = lazy(async () => (await loadApp(client)).appStrategy(client, app));
  return {
    kind: "app",
    header: async (endpoint) => (await load()).header(endpoint),
    rejected: async (endpoint, used, headers) => (await load()).rejected?.(endpoint, used, headers) ?? false,
  };
}

/**
 * Authentication without GitHub App code: a token, a token function, basic and OAuth app
 * credentials, an Octokit `authStrategy`, and `client.authenticate()`. The browser preset's;
 * `auth` is this plus GitHub Apps. Credentials go only to the API's origin (and its uploads
 * origin), never to another host.
 */
export const tokenAuth = /* @__PURE__ */ authPlugin(fromAppAuth);

/** What checks an App config at construction (check-app.ts `checkApp`). @internal */
export type AppCheck = (app: AppCredentials) => void;

/**
 * The auth plugin; `loadApp` loads the GitHub App strategy on the first request made with App
 * credentials (with-app.ts imports it; `tokenAuth` asks the client's `appAuth` plugin), and
 * `check`, when given, checks an App config at construction (`tokenAuth` has none: the
 * `appAuth` plugin checks it).
 * @internal
 */
export function authPlugin(loadApp: AppLoader, check?: AppCheck): Plugin<AuthAdditions, AuthOptions> {
  const plugin: Plugin<AuthAdditions, AuthOptions> = (client, options) => {
    const given = options.auth;
    // Still readable, but out of console.log(client), util.inspect and JSON.stringify: it may be a token or a PEM.
    if (given !== undefined)
      // (`enumerable: false` is needed: the property exists, and keeps what is not given.)
      Object.defineProperty(client.options, "auth", {
        value: given,
        enumerable: false,
        writable: true,
        configurable: true,
      });
    const origins = allowedOrigins(client.options.baseUrl);
    if (options.authStrategy !== undefined) {
      const octokitAuth: OctokitAuth = applyStrategy(client, options.authStrategy, given, origins);
      return {
        auth: octokitAuth,
        authenticate: () => void client.options.log.warn("authenticate() has no effect with authStrategy"),
      };
    }
    const context: Context = {
      client,
      strategy:
        given === undefined
          ? undefined
          : isApp(given)
            ? lazyApp(client, given as AppCredentials, loadApp, check)
            : fromOption(given as never),
      origins,
    };
    // Not enumerable: out of util.inspect(client), as the credentials it holds must be.
    Object.defineProperty(client, STATE, { value: context });
    client.hook.wrap("request", authWrap(context));
    // `auth` and `authenticate` are made for an instance on its first access (most clients
    // never call them); both read the state the wrap reads.
    memberOnFirstUse(
      client as Stateful,
      "auth",
      (self: Stateful) => (options?: { type?: string }) => describe(self[STATE].strategy, options),
    );
    memberOnFirstUse(client as Stateful, "authenticate", (self: Stateful) => (credentials?: AuthenticateOptions) => {
      const state = self[STATE];
      state.strategy = credentials === undefined ? undefined : fromAuthenticate(credentials);
      self.options.log.debug(
        state.strategy ? `authenticate: ${state.strategy.kind} credentials set` : "authenticate: credentials cleared",
        { namespace: "auth" },
      );
    });
    return undefined as unknown as AuthAdditions;
  };
  plugin.options = ["auth", "authStrategy"];
  plugin.requestOptions = ["installationId"];
  return plugin;
}
