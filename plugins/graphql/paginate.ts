import { ParameterError } from "../../kernel/index.js";
import { followUp, ID_KEY, planOf, TYPE_KEY, type Connection, type Plan } from "./plan.js";

/**
 * GraphQL pagination: page the outer connection of a query by its cursor variable, and for
 * every node of every page, fetch the remaining pages of its nested connections with
 * follow-up queries by node id, merged in place. Backward connections (`before`) are
 * merged so the list keeps the connection's order (earlier pages first).
 */

/** Sends one query with its variables and resolves to `data` (the plugin's `send`). */
export type Send = (query: string, variables: Record<string, unknown>, operationName?: string) => Promise<any>;

type Json = Record<string, any>;

/** The value at `path` in `data` (`undefined` when a step is missing or null). */
function at(data: unknown, path: readonly string[]): Json | undefined {
  let value = data as Json | undefined;
  for (const key of path) value = value == null ? undefined : value[key];
  if (Array.isArray(value))
    throw new ParameterError(
      `"${path.join(".")}" is a list, so the connection under it cannot be followed: paginate a connection that is not inside a list (in a query of its own), or drop its pageInfo to take the first page only.`,
    );
  return value ?? undefined;
}

/** The item objects of a connection's page: `nodes[]` and `edges[].node`. */
function itemsOf(connection: Connection, value: Json): Json[] {
  const items: Json[] = [];
  if (connection.nodes) for (const node of value[connection.nodes] ?? []) if (node) items.push(node);
  const edges = connection.edges;
  if (edges?.node) for (const edge of value[edges.key] ?? []) if (edge?.[edges.node]) items.push(edge[edges.node]);
  return items;
}

/** The cursor to ask the next page with, or `undefined` when this was the last page. */
function nextCursor(connection: Connection, value: Json): string | undefined {
  const info = value[connection.keys.pageInfo];
  const cursor = info?.[connection.keys.cursor];
  return info?.[connection.keys.more] === true && typeof cursor === "string" ? cursor : undefined;
}

/** Merge a later page `page` of `connection` into `into`: lists joined, `pageInfo` taken from the later page. */
export function mergeInto(connection: Connection, into: Json, page: Json): void {
  const join = (key: string) => {
    if (!Array.isArray(page[key])) return;
    const list = (into[key] ??= []) as unknown[];
    if (connection.forward) list.push(...page[key]);
    else list.unshift(...page[key]);
  };
  if (connection.nodes) join(connection.nodes);
  if (connection.edges) join(connection.edges.key);
  into[connection.keys.pageInfo] = page[connection.keys.pageInfo];
}

/** Complete every nested connection under the items of one page of `connection`, then drop forgekit's added keys. */
async function complete(
  send: Send,
  plan: Plan,
  connection: Connection,
  value: Json,
  variables: Record<string, unknown>,
  cache: Map<string, Plan>,
): Promise<void> {
  // Nothing nested: nothing to complete, and no keys were added to the items.
  if (!connection.children.length) return;
  for (const item of itemsOf(connection, value)) {
    for (const child of connection.children) {
      const inner = at(item, child.path);
      if (!inner) continue;
      await complete(send, plan, child, inner, variables, cache);
      const cursor = nextCursor(child, inner);
      if (cursor === undefined) continue;
      const id = item[ID_KEY];
      const type = item[TYPE_KEY];
      if (typeof id !== "string" || typeof type !== "string")
        throw new ParameterError(
          `The connection "${child.path.join(".")}" has more pages, but its parent has no id to ask for them by (only types that implement Node have one): paginate it in a query of its own, starting from that parent, or drop its pageInfo to take the first page only. Nothing was returned, rather than a partial list.`,
        );
      const key = `${child.cursor} ${child.path.join(".")} ${type}`;
      let next = cache.get(key);
      if (!next) cache.set(key, (next = followUp(plan, child, type)));
      const values: Record<string, unknown> = { [ID_KEY]: id, [child.cursor]: cursor };
      for (const name of next.declared) if (!(name in values) && name in variables) values[name] = variables[name];
      for await (const data of pages(send, next, values, cache)) {
        const page = at(data, next.root.path);
        if (page) mergeInto(child, inner, page);
      }
    }
    delete item[ID_KEY];
    delete item[TYPE_KEY];
  }
}

/** Every page of `plan`'s outer connection, each with its nested connections complete. */
export async function* pages(
  send: Send,
  plan: Plan,
  variables: Record<string, unknown>,
  cache = new Map<string, Plan>(),
): AsyncGenerator<any, void, undefined> {
  const { root } = plan;
  let values: Record<string, unknown> = { ...variables };
  for (;;) {
    const data = await send(plan.text, values, plan.operationName);
    const value = at(data, root.path);
    if (value) await complete(send, plan, root, value, values, cache);
    yield data;
    const cursor = value && nextCursor(root, value);
    // A cursor that does not move would loop forever: stop instead.
    if (cursor === undefined || cursor === values[root.cursor]) return;
    values = { ...values, [root.cursor]: cursor };
  }
}

/** Plan `query`, then page through it (see {@link pages}). */
export async function* iterate(
  send: Send,
  query: string,
  variables: Record<string, unknown>,
  operationName?: string,
): AsyncGenerator<any, void, undefined> {
  yield* pages(send, planOf(query, operationName), variables);
}

/** Every page merged into the first: the outer connection's lists hold every item. */
export async function collect(send: Send, query: string, variables: Record<string, unknown>, operationName?: string) {
  const plan = planOf(query, operationName);
  let first: any;
  for await (const data of pages(send, plan, variables)) {
    if (first === undefined) first = data;
    else {
      const into = at(first, plan.root.path);
      const page = at(data, plan.root.path);
      if (into && page) mergeInto(plan.root, into, page);
    }
  }
  return first;
}
