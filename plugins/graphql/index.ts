import { lazy, type Client, type Plugin, type Request } from "../../kernel/index.js";
import { send, toCall, type GraphqlCall } from "./request.js";
import type { Graphql, GraphqlParameters } from "./types.js";

export { GraphqlResponseError, isGraphqlResponseError, type GraphqlError } from "./errors.js";
export { graphqlUrl } from "./request.js";
export type * from "./types.js";

/** The pagination module, loaded on the first `paginate` call (it holds the query analysis). */
const loadPaging = lazy(() => import("./paginate.js"));

/** A `graphql` function over `request` with `defaults`. */
export function createGraphql(request: Request, defaults: GraphqlParameters = {}): Graphql {
  const sender = (call: GraphqlCall) => (query: string, variables: Record<string, unknown>, operationName?: string) =>
    send(request, { ...call, query, variables, ...(operationName && { operationName }) });
  const graphql = ((first: unknown, second?: GraphqlParameters) => {
    try {
      return send(request, toCall(defaults, first, second));
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
  return Object.assign(graphql, {
    defaults: (more: GraphqlParameters) => createGraphql(request, { ...defaults, ...more }),
    paginate,
  });
}

/**
 * GitHub's GraphQL API on the client's own `request` (auth, hooks, retries, rate limits,
 * debug and redaction apply): `client.graphql(query, variables)`, `client.graphql({ query,
 * ...variables })`, `.defaults(…)`, and `.paginate(query, variables)` / `.paginate.iterator`,
 * which follow the outer connection's cursor and complete nested connections by node id.
 * See docs/graphql.md.
 *
 * @example
 * const MyClient = Client.plugin([graphql]);
 * const client = new MyClient({ auth: token });
 * const { repository } = await client.graphql(
 *   "query ($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { stargazerCount } }",
 *   { owner: "octocat", repo: "hello-world" },
 * );
 */
export const graphql: Plugin<{ graphql: Graphql }> = (client: Client) => ({ graphql: createGraphql(client.request) });

/** Reads no client option: declared, so the unknown-option check stays strict. */
graphql.options = [];
