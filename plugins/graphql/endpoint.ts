import type { Request } from "../../kernel/index.js";
import type { GraphqlParameters } from "./types.js";

/** GitHub's GraphQL endpoint for a REST `baseUrl`: `…/api/v3` (GHES) → `…/api/graphql`, else `…/graphql`. */
export function graphqlUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return /\/api\/v3$/.test(base) ? base.replace(/\/v3$/, "/graphql") : `${base}/graphql`;
}

/**
 * `graphql.endpoint` (@octokit/graphql's): the request options a query is sent with, without
 * sending. Made on first read, as few callers use it; small, so `client.graphql` has it before
 * the plugin's code loads (plugins/graphql/plugin.ts).
 */
export function withEndpoint<G extends object>(graphql: G, request: Request, defaults: GraphqlParameters): G {
  return Object.defineProperty(graphql, "endpoint", {
    configurable: true,
    get() {
      const url = graphqlUrl(String(defaults.baseUrl ?? request.endpoint.DEFAULTS.baseUrl));
      const endpoint = request.endpoint.defaults({ method: "POST", url });
      Object.defineProperty(graphql, "endpoint", { value: endpoint, configurable: true, writable: true });
      return endpoint;
    },
  });
}
