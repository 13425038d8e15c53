import type { CommonParameters, Request, Response } from "../../kernel/index.js";
import type { Endpoints } from "../../types/index.js";

type Args<P> = {} extends P ? [params?: P & CommonParameters] : [params: P & CommonParameters];

/**
 * `client.request` typed from the generated route table: a known route string such as
 * `"GET /repos/{owner}/{repo}"` gets its parameters and response type; any other route
 * falls back to the untyped signature.
 */
export interface TypedRequest extends Request {
  <R extends keyof Endpoints>(route: R, ...args: Args<Endpoints[R]["parameters"]>): Promise<Response<Endpoints[R]["response"]>>;
}
