import type { EndpointOptions } from "../../kernel/index.js";

/**
 * Routes a GitHub App calls as itself, with its JWT rather than an installation token:
 * `/app` and everything under it (including the token exchange), the app's installation
 * for a repository, organisation or user, and the Marketplace listing endpoints.
 * (docs/authentication.md#github-apps lists them for users).
 */
const APP_ROUTE =
  /^\/(?:app(?:\/|$)|marketplace_listing\/|(?:repos\/[^/]+\/[^/]+|orgs\/[^/]+|users\/[^/]+)\/installation$)/;

/** The API path of a request (template or absolute URL), without the baseUrl's prefix and the query. */
function apiPath(endpoint: EndpointOptions): string {
  let path = endpoint.url.replace(/\{[?&][^}]*\}/g, "").split("?")[0] ?? "";
  if (/^https?:\/\//i.test(path)) {
    path = new URL(path).pathname;
    const prefix = /^https?:\/\/[^/]+(\/.*)?$/i.exec(endpoint.baseUrl)?.[1]?.replace(/\/+$/, "") ?? "";
    if (prefix && path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
  }
  return path.startsWith("/") ? path : `/${path}`;
}

/** Whether `endpoint` must be sent with the app's JWT. */
export function needsJwt(endpoint: EndpointOptions): boolean {
  return APP_ROUTE.test(apiPath(endpoint));
}
