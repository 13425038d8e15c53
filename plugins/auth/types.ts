import type { EndpointOptions } from "../../kernel/index.js";

/** The credentials `client.authenticate()` accepts, as in @octokit/rest v15/v16 (docs/authentication.md). */
export type AuthenticateOptions =
  | { type: "basic"; username: string; password: string }
  | { type: "oauth"; token: string }
  | { type: "oauth"; key: string; secret: string }
  | { type: "token"; token: string }
  | { type: "app"; token: string };

/** A user name and password (or a token used as the password), sent as HTTP Basic. */
export interface BasicCredentials {
  username: string;
  password: string;
}

/** An OAuth or GitHub App's client id and secret, sent as HTTP Basic (for `/applications/{client_id}/…`). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * A GitHub App: forgekit signs the app's JWT with `privateKey` and exchanges it for
 * installation tokens, cached per installation and refreshed before they expire.
 */
export interface AppCredentials {
  /** The app's id (number) or client id (string): the JWT's `iss` claim. */
  appId: number | string;
  /** The PEM GitHub hands out (`BEGIN RSA PRIVATE KEY`, PKCS#1) or a PKCS#8 `BEGIN PRIVATE KEY` PEM. */
  privateKey: string;
  /** The installation whose token authenticates requests; without it every request is sent as the app (JWT). */
  installationId?: number | string;
}

/** What a token function is told about the request it authenticates. */
export interface TokenRequest {
  method: string;
  /** The route template or absolute URL, as the request was made. */
  url: string;
}

/**
 * Returns the credential for one request: a token (scheme added as for a token string),
 * a value that carries its scheme (`"bearer …"`), or `undefined` to send none.
 * Called before every request to the API's origin; forgekit caches nothing.
 */
export type TokenFunction = (request: TokenRequest) => string | undefined | Promise<string | undefined>;

/** The `auth` constructor option. */
export type AuthOption = string | BasicCredentials | ClientCredentials | AppCredentials | TokenFunction;

/** How one kind of credential authenticates requests. */
export interface Strategy {
  /** The kind, for debug lines (never the credential). */
  kind: string;
  /** The `authorization` value of a strategy that sends the same one every time (no hook needed). */
  fixed?: string;
  /** The `authorization` value for this request, or `undefined` to send none. */
  header(endpoint: EndpointOptions): string | undefined | Promise<string | undefined>;
  /** After a 401 for a request sent with `used`: forget it and return true to retry once. */
  rejected?(endpoint: EndpointOptions, used: string, headers: Record<string, string>): boolean | Promise<boolean>;
}
