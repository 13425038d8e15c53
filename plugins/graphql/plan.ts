import { ParameterError } from "../../kernel/index.js";
import { operationOf, parseDocument, referencesIn, type Document, type Field, type SelectionSet } from "./document.js";

/**
 * Query analysis for pagination: which connections of a query are paginated, where they
 * are in the response, and how to ask for more of a nested one by its parent node's id.
 * A connection is paginated when it selects `pageInfo { hasNextPage endCursor }` and its
 * `after` argument is a variable (or `pageInfo { hasPreviousPage startCursor }` and `before`).
 * A nested connection needs no variable of its own: selecting that `pageInfo` says the caller
 * wants every page, so its follow-up queries get `after: $forgekitCursor` added.
 */

/** Aliases forgekit adds to a parent's nodes so a nested connection can be fetched by node id. */
export const ID_KEY = "forgekitNodeId";
export const TYPE_KEY = "forgekitNodeType";
/** The cursor variable forgekit adds to a nested connection's follow-ups when it has none. */
export const CURSOR_KEY = "forgekitCursor";
const INJECTED = ` ${TYPE_KEY}: __typename ... on Node { ${ID_KEY}: id } `;

/** A step from a node (or the response root) to a connection: a field, or an inline fragment's type. */
type Step = { field: Field } | { type?: string | undefined };

/** A paginated connection. */
export interface Connection {
  /** Response keys from the parent node (or the root) to the connection. */
  path: string[];
  /** The steps those keys come from, to rebuild the selection around a follow-up query. */
  steps: Step[];
  field: Field;
  cursor: string;
  forward: boolean;
  /** Response keys of `pageInfo`, `hasNextPage`/`hasPreviousPage` and `endCursor`/`startCursor`. */
  keys: { pageInfo: string; more: string; cursor: string };
  /** Response keys of the item lists: `nodes`, or `edges` with its `node`. */
  nodes?: string;
  edges?: { key: string; node?: string };
  /** Selection sets of one item (under `nodes` and under `edges.node`). */
  items: SelectionSet[];
  children: Connection[];
  /** The connection has no cursor variable in the caller's text: follow-ups add {@link CURSOR_KEY}. */
  injected?: boolean;
}

/** A query ready to paginate: its (possibly rewritten) text and its outer connection. */
export interface Plan {
  document: Document;
  text: string;
  root: Connection;
  /** Variables the text declares. */
  declared: Set<string>;
  operationName?: string;
}

/** The fields of a selection set, fragments (inline and named) flattened in, with the steps through inline fragments. */
function fieldsOf(
  document: Document,
  set: SelectionSet,
  seen = new Set<string>(),
): Array<{ field: Field; via: Step[] }> {
  const out: Array<{ field: Field; via: Step[] }> = [];
  for (const item of set.items) {
    if (item.kind === "field") out.push({ field: item, via: [] });
    else if (item.kind === "inline")
      for (const inner of fieldsOf(document, item.selection, seen))
        out.push({ field: inner.field, via: [{ type: item.type }, ...inner.via] });
    else if (!seen.has(item.name) && document.fragments[item.name]) {
      seen.add(item.name);
      const fragment = document.fragments[item.name]!;
      out.push(...fieldsOf(document, fragment.selection, seen));
    }
  }
  return out;
}

const child = (document: Document, field: Field, name: string) =>
  field.selection && fieldsOf(document, field.selection).find((f) => f.field.name === name)?.field;

/**
 * For a nested connection without a cursor variable: the argument its follow-ups page with
 * (`after`, or `before` for `last:` or a selected `hasPreviousPage startCursor` alone), or
 * `undefined` when its `pageInfo` does not ask for pages.
 */
function injectedCursor(
  document: Document,
  field: Field,
  pageInfo: Field,
  path: string[],
): "after" | "before" | undefined {
  const has = (name: string) => Boolean(child(document, pageInfo, name));
  const forward = has("hasNextPage") && has("endCursor");
  const backward = has("hasPreviousPage") && has("startCursor");
  if (!forward && !backward) return undefined;
  const argument = backward && (!forward || field.argumentNames.includes("last")) ? "before" : "after";
  if (field.argumentNames.includes(argument))
    throw new ParameterError(
      `The connection "${path.join(".")}" gives "${argument}" a fixed value, so its further pages cannot be asked for: pass the cursor as a variable, e.g. ${field.name}(first: 100, ${argument}: $${field.key}Cursor), or leave "${argument}" out.`,
    );
  return argument;
}

/** The connection `field` is, or `undefined` when it is not a paginated one. */
function connectionOf(
  document: Document,
  field: Field,
  steps: Step[],
  path: string[],
  nested: boolean,
): Connection | undefined {
  const pageInfo = child(document, field, "pageInfo");
  let after = field.variables.after;
  let before = field.variables.before;
  let injected = false;
  if (pageInfo && !after && !before && nested) {
    const argument = injectedCursor(document, field, pageInfo, path);
    if (argument === "after") after = CURSOR_KEY;
    if (argument === "before") before = CURSOR_KEY;
    injected = argument !== undefined;
  }
  if (!pageInfo || (!after && !before)) return undefined;
  const forward = Boolean(after);
  const [moreName, cursorName] = forward ? ["hasNextPage", "endCursor"] : ["hasPreviousPage", "startCursor"];
  const more = child(document, pageInfo, moreName);
  const cursor = child(document, pageInfo, cursorName);
  if (!more || !cursor)
    throw new ParameterError(
      `The connection "${path.join(".")}" pages with $${after ?? before} but its pageInfo lacks ${[more ? "" : moreName, cursor ? "" : cursorName].filter(Boolean).join(" and ")}: select pageInfo { ${moreName} ${cursorName} }.`,
    );
  const connection: Connection = {
    path,
    steps,
    field,
    cursor: (after ?? before)!,
    forward,
    keys: { pageInfo: pageInfo.key, more: more.key, cursor: cursor.key },
    items: [],
    children: [],
    ...(injected && { injected }),
  };
  const nodes = child(document, field, "nodes");
  if (nodes?.selection) ((connection.nodes = nodes.key), connection.items.push(nodes.selection));
  const edges = child(document, field, "edges");
  if (edges) {
    const node = child(document, edges, "node");
    connection.edges = { key: edges.key, ...(node && { node: node.key }) };
    if (node?.selection) connection.items.push(node.selection);
  }
  for (const set of connection.items) connection.children.push(...connectionsIn(document, set, [], [], true));
  return connection;
}

/** The outermost paginated connections under `set` (each with its nested ones as children). */
function connectionsIn(
  document: Document,
  set: SelectionSet,
  steps: Step[] = [],
  path: string[] = [],
  nested = false,
): Connection[] {
  const found: Connection[] = [];
  for (const { field, via } of fieldsOf(document, set)) {
    const here = [...steps, ...via, { field }];
    const keys = [...path, field.key];
    const connection = connectionOf(document, field, here, keys, nested);
    if (connection) found.push(connection);
    else if (field.selection) found.push(...connectionsIn(document, field.selection, here, keys, nested));
  }
  return found;
}

/** Analyse `text` (the operation `operationName`) for pagination; throws a clear error when it cannot be paginated. */
export function planOf(text: string, operationName?: string): Plan {
  let document = parseDocument(text);
  const find = () => connectionsIn(document, operationOf(document, operationName).selection);
  let roots = find();
  if (!roots.length)
    throw new ParameterError(
      'This query has no connection to paginate: select pageInfo { hasNextPage endCursor } in a connection whose "after" argument is a variable, e.g. repository(owner: $owner, name: $repo) { issues(first: 100, after: $cursor) { nodes { title } pageInfo { hasNextPage endCursor } } }.',
    );
  if (roots.length > 1)
    throw new ParameterError(
      `This query paginates ${roots.map((c) => `"${c.path.join(".")}"`).join(" and ")} side by side: paginate one outer connection per query (nested ones are followed) and split the others into their own queries.`,
    );
  // Parents of nested connections need an id (and type) to ask for more: add them to the text.
  const at = new Set<number>();
  const mark = (c: Connection) =>
    c.children.length &&
    (c.items.forEach((set) => text.startsWith(INJECTED, set.start + 1) || at.add(set.start)), c.children.forEach(mark));
  mark(roots[0]!);
  if (at.size) {
    text = [...at]
      .sort((a, b) => b - a)
      .reduce((t, offset) => t.slice(0, offset + 1) + INJECTED + t.slice(offset + 1), text);
    document = parseDocument(text);
    roots = find();
  }
  const declared = new Set(Object.keys(operationOf(document, operationName).variables));
  return { document, text, root: roots[0]!, declared, ...(operationName && { operationName }) };
}

/** The text of `steps` around `inner`: each field's head (alias, name, arguments) and its braces. */
function around(document: Document, steps: Step[], inner: string): string {
  return steps.reduceRight((text, step) => {
    if (!("field" in step)) return step.type ? `... on ${step.type} { ${text} }` : text;
    const { field } = step;
    if (!field.selection) return text;
    return `${document.text.slice(field.start, field.selection.start)}{ ${text} }`;
  }, inner);
}

/**
 * A query for more pages of `connection` (nested in `plan`) under the node of type `type`:
 * `node(id: $forgekitNodeId) { ... on Type { <the connection as the caller wrote it> } }`,
 * with the variables and fragments it uses. It is planned like any query.
 */
export function followUp(plan: Plan, connection: Connection, type: string, operationName?: string): Plan {
  const { document } = plan;
  const last = connection.steps[connection.steps.length - 1] as unknown as { field: Field };
  let fieldText = document.text.slice(last.field.start, last.field.end);
  if (connection.injected) {
    // The caller's connection had no cursor variable: give this query one.
    const argument = `${connection.forward ? "after" : "before"}: $${CURSOR_KEY}`;
    const head = last.field.head - last.field.start;
    fieldText = last.field.argumentNames.length
      ? `${fieldText.slice(0, head - 1)}, ${argument})${fieldText.slice(head)}`
      : `${fieldText.slice(0, head)}(${argument})${fieldText.slice(head)}`;
  }
  const body = around(document, connection.steps.slice(0, -1), fieldText);
  const selection = `forgekitNode: node(id: $${ID_KEY}) { ... on ${type} { ${body} } }`;
  const fragments = new Set<string>();
  const variables = new Set<string>();
  const collect = (text: string) => {
    const refs = referencesIn(text);
    refs.variables.forEach((v) => variables.add(v));
    for (const name of refs.spreads) {
      const fragment = document.fragments[name];
      if (fragment && !fragments.has(name))
        (fragments.add(name), collect(document.text.slice(fragment.start, fragment.end)));
    }
  };
  collect(selection);
  const operation = operationOf(document, operationName);
  const definitions = [`$${ID_KEY}: ID!`, ...(connection.injected ? [`$${CURSOR_KEY}: String`] : [])];
  for (const name of variables) {
    const at = operation.variables[name];
    if (at) definitions.push(document.text.slice(at.start, at.end));
  }
  const text = [
    `query ForgekitFollowUp(${definitions.join(", ")}) { ${selection} }`,
    ...[...fragments].map((name) =>
      document.text.slice(document.fragments[name]!.start, document.fragments[name]!.end),
    ),
  ].join("\n");
  return planOf(text);
}
