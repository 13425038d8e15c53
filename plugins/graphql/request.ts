import { ParameterError, type Request, type RequestParameters } from "../../kernel/index.js";
import { graphqlUrl } from "./endpoint.js";
import { GraphqlResponseError, type GraphqlError } from "./errors.js";
import { printDocument } from "./print.js";
import type { GraphqlParameters, GraphqlQuery } from "./types.js";

/** Keys of a call's parameters that are options, not variables (as `@octokit/graphql` has them). */
const OPTIONS = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "query", "operationName"]);
/** Names `@octokit/graphql` refuses as variables: they would be read as the request's own. */
const FORBIDDEN = ["query", "method", "url"];

/** The text of a query given as a string, a `String` object or a document object. */
export function queryText(query: GraphqlQuery | undefined): string {
  if (typeof query === "string") return query;
  if (query instanceof String) return String(query);
  const document = query as { kind?: unknown; loc?: { source?: { body?: unknown } } } | null;
  if (document?.kind === "Document") {
    const body = document.loc?.source?.body;
    return typeof body === "string" ? body : printDocument(document);
  }
  throw new ParameterError(
    "client.graphql needs a query: pass its text, a document object, or { query, ...variables }.",
  );
}

/** One GraphQL call's parts: query text, variables and the request options. */
export interface GraphqlCall {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
  options: RequestParameters;
}

/** Split `graphql(query, parameters)` / `graphql({ query, ... })` over `defaults` into a {@link GraphqlCall}. */
export function toCall(defaults: GraphqlParameters, first: unknown, second?: GraphqlParameters): GraphqlCall {
  const isOptions = typeof first === "object" && first !== null && !(first instanceof String) && !("kind" in first);
  const given = (isOptions ? { ...first, ...second } : { ...second, query: first }) as GraphqlParameters;
  for (const name of FORBIDDEN)
    if ((second && name in second) || (isOptions && name !== "query" && name in (first as object)))
      throw new ParameterError(`"${name}" cannot be a GraphQL variable name: rename the variable in your query.`);
  const merged: GraphqlParameters = { ...defaults, ...given };
  if (defaults.headers && given.headers) merged.headers = { ...defaults.headers, ...given.headers };
  if (defaults.request && given.request) merged.request = { ...defaults.request, ...given.request };
  const variables: Record<string, unknown> = {};
  const options: RequestParameters = {};
  for (const [key, value] of Object.entries(merged)) {
    if (!OPTIONS.has(key)) variables[key] = value;
    else if (key !== "query" && key !== "operationName") options[key] = value;
  }
  const call: GraphqlCall = { query: queryText(merged.query as GraphqlQuery), variables, options };
  if (typeof merged.operationName === "string") call.operationName = merged.operationName;
  return call;
}

/** The operation's name: `operationName`, else the first `query|mutation Name` of the text. */
const nameOf = (call: GraphqlCall) =>
  call.operationName ?? /\b(?:query|mutation|subscription)\s+([_A-Za-z]\w*)/.exec(call.query)?.[1];

/**
 * Send one call through `request` (so every hook applies) and resolve to its `data`.
 * Queries are marked idempotent for the retry plugin: GitHub does not act on them.
 */
export async function postQuery(request: Request, call: GraphqlCall): Promise<any> {
  const defaults = request.endpoint.DEFAULTS;
  const url = graphqlUrl(String(call.options.baseUrl ?? defaults.baseUrl));
  const mutation = /^\s*(?:#[^\n]*\n\s*)*(?:mutation|subscription)\b/.test(call.query);
  const body: Record<string, unknown> = { query: call.query, variables: call.variables };
  if (call.operationName) body.operationName = call.operationName;
  const transport = { ...(call.options.request as object), ...(mutation ? {} : { idempotent: true }) };
  const response = await request({ ...call.options, method: "POST", url, data: body, request: transport });
  const data = response.data as { data?: unknown; errors?: GraphqlError[] } | null;
  if (data && Array.isArray(data.errors) && data.errors.length) {
    const sent = { method: "POST", url, headers: { ...defaults.headers, ...(call.options.headers as object) } };
    throw new GraphqlResponseError(
      { ...response, data: data as { errors: GraphqlError[] } },
      sent,
      nameOf(call),
      call.variables,
    );
  }
  return data?.data;
}
