// client.graphql typing: a result type argument, and TypedDocumentNode (codegen) documents
// whose result and variables types flow through without casts.
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import forgekit from "../../plugins/presets/full.js";
import { graphql, type Graphql } from "../../plugins/graphql/index.js";
import { Client } from "../../kernel/index.js";

const client = forgekit({ auth: "token" });

type Repo = { repository: { name: string; stargazerCount: number } };
export async function withTypeArgument(): Promise<number> {
  const result = await client.graphql<Repo>("query { repository(owner: \"o\", name: \"r\") { name stargazerCount } }");
  // @ts-expect-error a field the result type does not have
  result.repository.missing;
  return result.repository.stargazerCount;
}

declare const RepoDocument: TypedDocumentNode<Repo, { owner: string; name: string }>;
export async function withTypedDocument(): Promise<string> {
  const result = await client.graphql(RepoDocument, { owner: "octocat", name: "hello-world" });
  const stars: number = result.repository.stargazerCount;
  // @ts-expect-error the typed result has no such field
  result.repository.nope;
  // @ts-expect-error a variable of the wrong type
  await client.graphql(RepoDocument, { owner: 1, name: "x" });
  const all = await client.graphql.paginate(RepoDocument, { owner: "o", name: "r" });
  for await (const page of client.graphql.paginate.iterator(RepoDocument, { owner: "o", name: "r" })) page.repository.name;
  return `${stars} ${all.repository.name}`;
}

// A composed client gets `graphql` from the plugin; `defaults` keeps the type.
const Composed = Client.plugin([graphql]);
const composed: Graphql = new Composed().graphql.defaults({ headers: { "x-test": "1" } });
export const untyped: Promise<any> = composed({ query: "{ viewer { login } }", owner: "o" });
