import type {
  CommonParameters,
  FormatData,
  OperationTypes,
  Request,
  RequestParameters,
  Response,
  WithFormat,
} from "../../kernel/index.js";
import type { Endpoints } from "../../types/index.js";

/** `parameters` or `response` of a route table's entry. */
export type Part<Entry, K extends keyof OperationTypes> = Entry extends OperationTypes ? Entry[K] : never;
type Args<P> = {} extends P ? [params?: P & CommonParameters] : [params: P & CommonParameters];
/** Any route string except the known ones (those must use the typed signature). */
type OtherRoute<R extends string, E> = R & (R extends keyof E ? never : unknown);

/**
 * `client.request` typed from the generated route table `E` (the client's deployment's,
 * api.github.com's by default): a known route string such as `"GET /repos/{owner}/{repo}"`
 * gets its parameters and response type checked; other routes and options objects are untyped.
 */
export interface TypedRequest<E = Endpoints> extends Pick<Request, "endpoint" | "defaults"> {
  <R extends keyof E, F extends string>(
    route: R,
    params: WithFormat<Part<E[R], "parameters">, F>,
  ): Promise<Response<FormatData<Part<E[R], "response">, F>>>;
  <R extends keyof E>(route: R, ...args: Args<Part<E[R], "parameters">>): Promise<Response<Part<E[R], "response">>>;
  <T = any, R extends string = string>(route: OtherRoute<R, E>, params?: RequestParameters): Promise<Response<T>>;
  <T = any>(options: RequestParameters): Promise<Response<T>>;
}
