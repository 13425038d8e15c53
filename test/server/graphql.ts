import type { MockReply } from "./types.js";
import { seed, type Seeded } from "./graphql-data.js";

// GitHub's GraphQL API for forgekit/testing: GitHub's public schema (@octokit/graphql-schema)
// executed by graphql-js over the seeded data (graphql-data.ts); fields the data lacks are
// mocked from their type. Both packages are optional peer dependencies, loaded on the first
// /graphql request only. Connections paginate for real (first/last/after/before, at most
// 100, GitHub's errors when the bounds are missing or too large); invalid queries get
// GitHub's kind of `errors` with status 200.

type GraphqlJs = typeof import("graphql");
interface Engine {
  js: GraphqlJs;
  schema: import("graphql").GraphQLSchema;
}

let engine: Promise<Engine> | undefined;
/** Seeded once per process: requests never change it. */
let seeded: ReturnType<typeof seed> | undefined;

async function load(): Promise<Engine> {
  let js: GraphqlJs;
  let introspection: unknown;
  try {
    js = await import("graphql");
    ({
      schema: { json: introspection },
    } = (await import("@octokit/graphql-schema")) as {
      schema: { json: unknown };
    });
  } catch (error) {
    throw new Error(
      `forgekit/testing answers /graphql with graphql-js and GitHub's schema: npm install --save-dev graphql @octokit/graphql-schema (${(error as Error).message})`,
    );
  }
  const data = introspection as { data?: unknown; __schema?: unknown };
  const schema = js.buildClientSchema((data.data ?? data) as import("graphql").IntrospectionQuery);
  return { js, schema };
}

const cursorOf = (index: number) => Buffer.from(`cursor:v2:${index}`).toString("base64");
const indexOf = (cursor: unknown) => {
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(String(cursor), "base64").toString());
  return match ? Number(match[1]) : undefined;
};

/** A GraphQL error carrying GitHub's `type`. */
function typed(js: GraphqlJs, type: string, message: string): Error {
  return new js.GraphQLError(message, { extensions: { type } });
}

/** One page of `list` as GitHub's connections answer it. */
function page(js: GraphqlJs, list: unknown[], args: Record<string, unknown>, name: string) {
  const { first, last, after, before } = args as { first?: number; last?: number; after?: string; before?: string };
  if (first == null && last == null)
    throw typed(
      js,
      "MISSING_PAGINATION_BOUNDARIES",
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
    );
  for (const [arg, value] of [
    ["first", first],
    ["last", last],
  ] as const)
    if (value != null && (value < 0 || value > 100))
      throw typed(
        js,
        "EXCESSIVE_PAGINATION",
        `Requesting ${value} records on the \`${name}\` connection exceeds the \`${arg}\` limit of 100 records.`,
      );
  let start = 0;
  let end = list.length;
  for (const [cursor, apply] of [
    [after, (i: number) => (start = Math.max(start, i + 1))],
    [before, (i: number) => (end = Math.min(end, i))],
  ] as const) {
    if (cursor == null) continue;
    const at = indexOf(cursor);
    if (at === undefined)
      throw typed(js, "INVALID_CURSOR_ARGUMENTS", `\`${cursor}\` does not appear to be a valid cursor.`);
    apply(at);
  }
  let from = start;
  let to = Math.max(start, end);
  if (first != null) to = Math.min(to, from + first);
  if (last != null) from = Math.max(from, to - last);
  const indices = Array.from({ length: to - from }, (_, k) => from + k);
  return {
    totalCount: list.length,
    nodes: indices.map((i) => list[i]),
    edges: indices.map((i) => ({ cursor: cursorOf(i), node: list[i] })),
    pageInfo: {
      hasNextPage: to < end,
      hasPreviousPage: from > start,
      startCursor: indices.length ? cursorOf(from) : null,
      endCursor: indices.length ? cursorOf(to - 1) : null,
    },
  };
}

/** A value for a field the data does not hold, shaped by its type. */
function mock(
  js: GraphqlJs,
  schema: Engine["schema"],
  type: import("graphql").GraphQLOutputType,
  name: string,
): unknown {
  if (js.isNonNullType(type)) return mock(js, schema, type.ofType, name);
  if (js.isListType(type)) return [];
  if (js.isEnumType(type)) return type.getValues()[0]?.value;
  if (js.isScalarType(type)) {
    const scalars: Record<string, unknown> = {
      Int: 0,
      Float: 0,
      Boolean: false,
      ID: `MOCK_${name}`,
      DateTime: "2011-01-26T19:01:12Z",
      Date: "2011-01-26",
      URI: "https://github.com/octocat",
      HTML: "<p>mock</p>",
      GitObjectID: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
    };
    return name in scalars ? scalars[name] : (scalars[type.name] ?? `${name} (mock)`);
  }
  if (js.isAbstractType(type)) return { __typename: schema.getPossibleTypes(type)[0]?.name };
  return {};
}

/** The GraphQL answer to one request body, as GitHub gives it (status 200 with `data` and/or `errors`). */
export async function answerGraphql(body: string, viewer: string): Promise<MockReply> {
  const { js, schema } = await (engine ??= load().catch(
    (error: unknown) => ((engine = undefined), Promise.reject(error)),
  ));
  let request: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return {
      status: 400,
      body: { message: "Problems parsing JSON", documentation_url: "https://docs.github.com/graphql" },
    };
  }
  if (typeof request.query !== "string")
    return { body: { errors: [{ message: "A query attribute must be specified and must be a string." }] } };
  let document: import("graphql").DocumentNode;
  try {
    document = js.parse(request.query);
  } catch (error) {
    const e = error as import("graphql").GraphQLError;
    return { body: { errors: [{ message: e.message, locations: e.locations }] } };
  }
  const invalid = js.validate(schema, document);
  if (invalid.length) return { body: { errors: invalid.map((e) => ({ message: e.message, locations: e.locations })) } };
  const { nodes, owners } = (seeded ??= seed());
  const lookup = (kind: string, found: Seeded | undefined, what: string) => {
    if (found && (kind === "RepositoryOwner" || found.__typename === kind)) return found;
    throw typed(js, "NOT_FOUND", `Could not resolve to a${/^[AEIOU]/.test(kind) ? "n" : ""} ${kind} with the ${what}.`);
  };
  const root: Record<string, (args: any) => unknown> = {
    viewer: () => owners.get(viewer) ?? owners.get("octocat"),
    user: (a) => lookup("User", owners.get(a.login), `login of '${a.login}'`),
    organization: (a) => lookup("Organization", owners.get(a.login), `login of '${a.login}'`),
    repositoryOwner: (a) => owners.get(a.login) ?? null,
    repository: (a) =>
      lookup(
        "Repository",
        (owners.get(a.owner)?.repositories as Seeded[] | undefined)?.find((r) => r.name === a.name),
        `name '${a.owner}/${a.name}'`,
      ),
    node: (a) => nodes.get(a.id) ?? null,
    nodes: (a) => (a.ids as string[]).map((id) => nodes.get(id) ?? null),
  };
  const result = await js.execute({
    schema,
    document,
    variableValues: (request.variables ?? {}) as Record<string, unknown>,
    operationName: typeof request.operationName === "string" ? request.operationName : undefined,
    rootValue: {},
    typeResolver: (value) => (value as { __typename?: string }).__typename,
    fieldResolver: (source, args, _context, info) => {
      const name = info.fieldName;
      if (info.parentType === schema.getQueryType() && root[name]) return root[name](args);
      const value = (source as Record<string, unknown>)[name];
      const named = js.getNamedType(info.returnType).name;
      const paged = info.parentType.getFields()[name]?.args.some((a) => a.name === "first");
      if (named.endsWith("Connection") && paged) return page(js, Array.isArray(value) ? value : [], args, name);
      if (value !== undefined) return typeof value === "function" ? value(args) : value;
      return mock(js, schema, info.returnType, name);
    },
  });
  const errors = result.errors?.map((e) => ({
    ...(typeof e.extensions.type === "string" && { type: e.extensions.type }),
    path: e.path,
    locations: e.locations,
    message: e.message,
  }));
  return { body: { data: result.data ?? null, ...(errors && { errors }) } };
}
