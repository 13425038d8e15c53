import type { EndpointMethod, RequestParameters, Response } from "../../kernel/index.js";
import type { RestScopes } from "../../types/index.js";

/**
 * @octokit/rest's `RestEndpointMethodTypes`, for code that names it after the package swap
 * (docs/migrating.md): `RestEndpointMethodTypes["repos"]["get"]["parameters"]` and
 * `["response"]` (the whole response, `data` typed), over forgekit's generated scopes.
 *
 * @example
 * import type { RestEndpointMethodTypes } from "forgekit";
 * type Repo = RestEndpointMethodTypes["repos"]["get"]["response"]["data"];
 */
export type RestEndpointMethodTypes = {
  [S in keyof RestScopes]: {
    [M in keyof RestScopes[S]]: RestScopes[S][M] extends EndpointMethod<infer E>
      ? { parameters: RequestParameters & E["parameters"]; response: Response<E["response"]> }
      : never;
  };
};
