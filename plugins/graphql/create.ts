import { lazy, type Request } from "../../kernel/index.js";
import { withEndpoint } from "./endpoint.js";
import { postQuery, toCall, type GraphqlCall } from "./request.js";
import type { Graphql, GraphqlParameters } from "./types.js";

/** The pagination module, loaded on the first `paginate` call (it holds the query analysis). */
const loadPaging = lazy(() => import("./paginate.js"));

/** A `graphql` function over `request` with `defaults`. */
export function createGraphql(request: Request, defaults: GraphqlParameters = {}): Graphql {
  const sender = (call: GraphqlCall) => (query: string, variables: Record<string, unknown>, operationName?: string) =>
    postQuery(request, { ...call, query, variables, ...(operationName && { operationName }) });
  const graphql = ((first: unknown, second?: GraphqlParameters) => {
    try {
      return postQuery(request, toCall(defaults, first, second));
    } catch (error) {
      return Promise.reject(error);
    }
  }) as Graphql;
  const paginate = (async (first: unknown, second?: GraphqlParameters) => {
    const call = toCall(defaults, first, second);
    return (await loadPaging()).collect(sender(call), call.query, call.variables, call.operationName);
  }) as Graphql["paginate"];
  paginate.iterator = async function* (first: unknown, second?: GraphqlParameters) {
    const call = toCall(defaults, first, second);
    yield* (await loadPaging()).iterate(sender(call), call.query, call.variables, call.operationName);
  } as Graphql["paginate"]["iterator"];
  Object.assign(graphql, {
    defaults: (more: GraphqlParameters) => createGraphql(request, { ...defaults, ...more }),
    paginate,
  });
  return withEndpoint(graphql, request, defaults);
}
