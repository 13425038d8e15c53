import {
  addAuthorization,
  ParameterError,
  merge,
  type Client,
  type EndpointOptions,
  type RequestParameters,
  type Response,
  type Send,
} from "../../kernel/index.js";
import { targetOrigin } from "./origin.js";
import type { Strategy } from "./types.js";

/** What an Octokit auth strategy (`createAppAuth`, `createActionAuth`, …) returns. */
export interface OctokitAuth {
  // `any`: each strategy types its own options (AppAuthOptions, OAuthAppAuthOptions…), so any
  // narrower parameter type here rejects a real strategy (test/types/porting.ts `strategies`).
  (...options: any[]): Promise<unknown>;
  /** Wraps each request: `hook(request, route, parameters)`, as `@octokit/core` calls it. */
  hook(request: unknown, route: unknown, parameters?: unknown): Promise<unknown>;
}

/** An Octokit auth strategy factory, e.g. `createAppAuth` from `@octokit/auth-app`. */
export type AuthStrategy = (options: any) => OctokitAuth;

/** Octokit's answer to `octokit.auth()`: what credentials the client sends. */
export type AuthResult =
  | { type: "token"; token: string; tokenType: "oauth" | "installation" | "app" | "user-to-server" }
  | { type: "basic" }
  | { type: "unauthenticated" };

/**
 * The function an Octokit strategy's hook calls as `request`: `request(endpoint)` sends
 * the same options object on through the inner hooks (changed in place, never copied);
 * `request.defaults(…)` is the client's own request, for the strategy's token exchange.
 */
function octokitRequest(client: Client, send: Send, current: EndpointOptions) {
  const request = (route: string | RequestParameters, params?: RequestParameters): Promise<Response<unknown>> => {
    const options = route === current && !params ? current : merge(current, route, params);
    // The strategy's credential, masked by value from now on (kernel/redact.ts).
    addAuthorization(options.headers.authorization);
    return Promise.resolve(send(options));
  };
  return Object.assign(request, {
    endpoint: {
      DEFAULTS: current,
      merge: (route: unknown, params?: RequestParameters) =>
        route === current && !params ? current : merge(current, route as RequestParameters, params),
    },
    defaults: (more: RequestParameters) => client.request.defaults(more),
  });
}

/**
 * Apply the `authStrategy` option the way `@octokit/core` does: call it with the `auth`
 * option plus `request`, `log` and `octokit`, and wrap every request to the API's origins
 * in its `hook`. Returns the strategy's `auth` function, which becomes `client.auth`.
 */
export function applyStrategy(
  client: Client,
  strategy: unknown,
  options: unknown,
  origins: readonly string[],
): OctokitAuth {
  if (typeof strategy !== "function")
    throw new ParameterError(
      `authStrategy must be an @octokit auth strategy function such as createAppAuth from @octokit/auth-app, got ${typeof strategy}.`,
    );
  const auth = (strategy as AuthStrategy)({
    request: client.request,
    log: client.options.log,
    octokit: client,
    octokitOptions: client.options,
    ...(options as object),
  });
  if (typeof auth !== "function" || typeof auth.hook !== "function")
    throw new ParameterError("authStrategy must return an auth function with a hook, as @octokit auth strategies do.");
  client.hook.wrap("request", (send, endpoint) => {
    const origin = targetOrigin(endpoint);
    // Credentials go to the API's own origins only, whatever the strategy would do.
    if (endpoint.headers.authorization !== undefined || origin === undefined || !origins.includes(origin))
      return send(endpoint);
    return auth.hook(octokitRequest(client, send, endpoint), endpoint) as Promise<Response<unknown>>;
  });
  return auth;
}

/** The kind of token a header carries, named as `@octokit/auth-token` names it. */
function tokenType(token: string): "oauth" | "installation" | "app" | "user-to-server" {
  if (token.split(".").length === 3) return "app";
  if (token.startsWith("ghs_") || token.startsWith("v1.")) return "installation";
  if (token.startsWith("ghu_")) return "user-to-server";
  return "oauth";
}

/**
 * `client.auth()` for forgekit's own strategies, in Octokit's shapes. A GitHub App
 * answers with its JWT, or with `{ type: "installation" }` an installation token.
 */
export async function describe(strategy: Strategy | undefined, options?: { type?: string }): Promise<AuthResult> {
  if (!strategy) return { type: "unauthenticated" };
  const url = strategy.kind === "app" && options?.type !== "installation" ? "/app" : "/";
  const header = await strategy.header({ method: "GET", url, baseUrl: "", headers: {}, request: {} });
  if (header === undefined) return { type: "unauthenticated" };
  const [scheme, token = ""] = header.split(" ");
  if (scheme?.toLowerCase() === "basic") return { type: "basic" };
  return { type: "token", token, tokenType: tokenType(token) };
}
