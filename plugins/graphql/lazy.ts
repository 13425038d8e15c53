import { lazy, memberOnFirstUse, type Plugin, type Request } from "../../kernel/index.js";
import type { Graphql, GraphqlParameters } from "./types.js";

const load = lazy(() => import("./index.js"));

/** `client.graphql` as the presets give it: the same API, its code loaded on the first call. */
function stub(request: Request, defaults: GraphqlParameters): Graphql {
  const real = () => load().then((m) => m.createGraphql(request, defaults));
  const call = (method: (g: Graphql) => (...args: any[]) => any) =>
    ((...args: any[]) => real().then((g) => method(g)(...args))) as any;
  const graphql = call((g) => g) as Graphql;
  graphql.defaults = (more) => stub(request, { ...defaults, ...more });
  graphql.paginate = call((g) => g.paginate);
  graphql.paginate.iterator = async function* (...args: any[]) {
    yield* ((await real()).paginate.iterator as (...a: any[]) => AsyncGenerator<any>)(...args);
  } as Graphql["paginate"]["iterator"];
  return graphql;
}

/**
 * The `graphql` plugin for the presets: `client.graphql` loads forgekit/plugins/graphql on
 * first use. The stub itself is made on an instance's first access (kernel's memberOnFirstUse):
 * most clients never call it, and then hold nothing for it.
 */
export const lazyGraphql: Plugin<{ graphql: Graphql }> = (client) => {
  memberOnFirstUse(client, "graphql", (self) => stub(self.request, {}));
  return undefined as never;
};
lazyGraphql.options = [];
