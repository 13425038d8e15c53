import type {
  CommonParameters,
  FormatData,
  Request,
  RequestParameters,
  Response,
  WithFormat,
} from "../../kernel/index.js";
import type { Endpoints } from "../../types/index.js";

type Args<P> = {} extends P ? [params?: P & CommonParameters] : [params: P & CommonParameters];
/** Any route string except the known ones (those must use the typed signature). */
type OtherRoute<R extends string> = R & (R extends keyof Endpoints ? never : unknown);

/**
 * `client.request` typed from the generated route table: a known route string such as
 * `"GET /repos/{owner}/{repo}"` gets its parameters and response type checked; other
 * routes and options objects are untyped.
 */
export interface TypedRequest extends Pick<Request, "endpoint" | "defaults"> {
  <R extends keyof Endpoints, F extends string>(
    route: R,
    params: WithFormat<Endpoints[R]["parameters"], F>,
  ): Promise<Response<FormatData<Endpoints[R]["response"], F>>>;
  <R extends keyof Endpoints>(
    route: R,
    ...args: Args<Endpoints[R]["parameters"]>
  ): Promise<Response<Endpoints[R]["response"]>>;
  <T = any, R extends string = string>(route: OtherRoute<R>, params?: RequestParameters): Promise<Response<T>>;
  <T = any>(options: RequestParameters): Promise<Response<T>>;
}
