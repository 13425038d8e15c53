import { lazy, memberOnFirstUse, type Plugin, type Request } from "../../kernel/index.js";
import { withEndpoint } from "./endpoint.js";
import type { Graphql, GraphqlParameters } from "./types.js";

export type * from "./types.js";

/** The plugin's code (query building, responses, errors), loaded on the first call. */
const code = lazy(() => import("./create.js"));

/** `client.graphql` before its code is loaded: the same API, each call loading it first. */
function stub(request: Request, defaults: GraphqlParameters): Graphql {
  let made: Graphql | undefined;
  const real = async () => (made ??= (code.value ?? (await code())).createGraphql(request, defaults));
  const call = (method: (g: Graphql) => (...args: any[]) => any) =>
    ((...args: any[]) => real().then((g) => method(g)(...args))) as any;
  const graphql = call((g) => g) as Graphql;
  graphql.defaults = (more) => stub(request, { ...defaults, ...more });
  graphql.paginate = call((g) => g.paginate);
  graphql.paginate.iterator = async function* (...args: any[]) {
    yield* ((await real()).paginate.iterator as (...a: any[]) => AsyncGenerator<any>)(...args);
  } as Graphql["paginate"]["iterator"];
  return withEndpoint(graphql, request, defaults);
}

/**
 * GitHub's GraphQL API on the client's own `request` (auth, hooks, retries, rate limits,
 * debug and redaction apply): `client.graphql(query, variables)`, `client.graphql({ query,
 * ...variables })`, `.defaults(…)`, and `.paginate(query, variables)` / `.paginate.iterator`,
 * which follow the outer connection's cursor and complete nested connections by node id.
 * `client.graphql` is made on an instance's first access, and its code loads on the first
 * call (most clients never use it). See docs/graphql.md.
 *
 * @example
 * const MyClient = Client.plugin([graphql]);
 * const client = new MyClient({ auth: token });
 * const { repository } = await client.graphql(
 *   "query ($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { stargazerCount } }",
 *   { owner: "octocat", repo: "hello-world" },
 * );
 */
export const graphql: Plugin<{ graphql: Graphql }> = (client) => {
  memberOnFirstUse(client, "graphql", (self) => stub(self.request, {}));
  return undefined as never;
};
/** Reads no client option: declared, so the unknown-option check stays strict. */
graphql.options = [];
/** The `request` option names this plugin reads (docs/hooks-and-plugins.md). */
graphql.requestOptions = ["idempotent"];
