import type { Endpoint, Request } from "./request.js";
import type { CommonParameters, Response } from "./types.js";

/** An operation's types: its parameters and its response data. */
export interface OperationTypes {
  parameters: object;
  response: unknown;
}

/** Parameters are optional when the operation requires none. */
type Args<P> = {} extends P ? [params?: P & CommonParameters] : [params: P & CommonParameters];

/**
 * A typed endpoint method such as `client.repos.get`: a bound `request` with the
 * operation's defaults, so it has `.endpoint` and `.defaults` too, as @octokit/rest's methods do.
 */
export interface EndpointMethod<E extends OperationTypes> {
  (...args: Args<E["parameters"]>): Promise<Response<E["response"]>>;
  endpoint: Endpoint;
  /** A method with more defaults bound, as `request.defaults`. */
  defaults: Request["defaults"];
}
