import type { Endpoint, RequestHeaders, TransportOptions } from "../../kernel/index.js";

/**
 * A typed document, structurally: what `TypedDocumentNode<Result, Variables>` of
 * `@graphql-typed-document-node/core` (and codegen's `TypedDocumentString`) declare. Declared
 * here so forgekit's types need no package: a codegen document is accepted as it is.
 */
export interface TypedDocument<Result = unknown, Variables = Record<string, unknown>> {
  /** Phantom: never present at run time, it carries the result and variable types. */
  readonly __apiType?: (variables: Variables) => Result;
}

/** A document as graphql-js represents it (`kind: "Document"`), e.g. from codegen or `gql`. */
export interface DocumentLike {
  readonly kind: "Document" | string;
  readonly definitions: ReadonlyArray<unknown>;
  readonly loc?: { readonly source: { readonly body: string } } | undefined;
}

/** A document without result types: typed ones take the typed overloads (so their variables are checked). */
export type UntypedDocument = DocumentLike & { readonly __apiType?: undefined };

/** A query: its text, a document object, or a `String` object (codegen's `TypedDocumentString`). */
export type GraphqlQuery = string | DocumentLike | TypedDocument<any, any>;

/** Options of a GraphQL call besides its variables. */
export interface GraphqlOptions {
  /** The REST base URL: `/graphql` is resolved from it (`…/api/v3` → `…/api/graphql`). */
  baseUrl?: string;
  headers?: RequestHeaders;
  request?: TransportOptions;
  mediaType?: { previews?: readonly string[]; format?: string };
  /** The operation to run when the query holds several. */
  operationName?: string;
}

/** Variables of a GraphQL call, beside {@link GraphqlOptions} (`query`, `method` and `url` are not variable names). */
export type GraphqlParameters = GraphqlOptions & { [variable: string]: unknown };

/** The result type of a typed document. */
export type ResultOf<D> = D extends TypedDocument<infer R, any> ? (unknown extends R ? any : R) : any;
/** The variables type of a typed document. */
export type VariablesOf<D> = D extends TypedDocument<any, infer V> ? V : Record<string, unknown>;

/** `client.graphql.paginate`: every page of the outer connection (and of nested ones) merged. */
export interface GraphqlPaginate {
  <D extends TypedDocument<any, any>>(query: D, variables?: VariablesOf<D> & GraphqlOptions): Promise<ResultOf<D>>;
  <R = any>(query: string | UntypedDocument, parameters?: GraphqlParameters): Promise<R>;
  /** Page by page: each outer page's data, with its nested connections complete. Stop with `break`. */
  iterator: {
    <D extends TypedDocument<any, any>>(
      query: D,
      variables?: VariablesOf<D> & GraphqlOptions,
    ): AsyncGenerator<ResultOf<D>, void, undefined>;
    <R = any>(query: string | UntypedDocument, parameters?: GraphqlParameters): AsyncGenerator<R, void, undefined>;
  };
}

/**
 * `client.graphql`: send a query (or mutation) to GitHub's GraphQL API through the client's
 * `request`, so auth, hooks, retries, rate limits, debug and redaction apply. Resolves to
 * the response's `data`; rejects with a `GraphqlResponseError` when it carries `errors`.
 */
export interface Graphql {
  <D extends TypedDocument<any, any>>(query: D, variables?: VariablesOf<D> & GraphqlOptions): Promise<ResultOf<D>>;
  <R = any>(query: string | UntypedDocument, parameters?: GraphqlParameters): Promise<R>;
  <R = any>(options: GraphqlParameters & { query: GraphqlQuery }): Promise<R>;
  /** A `graphql` whose options and variables default to these (like `@octokit/graphql`'s). */
  defaults(defaults: GraphqlParameters): Graphql;
  /** Follow `pageInfo` cursors; see docs/graphql.md. */
  paginate: GraphqlPaginate;
  /** The request options a query is sent with, without sending (@octokit/graphql's `graphql.endpoint`). */
  endpoint: Endpoint;
}
