import type { ParamMeta } from "../../kernel/index.js";
import type { Client } from "../presets/full.js";
import { UsageError, type Flags } from "./args.js";
import { writeData, type Io } from "./output.js";
import type { JqFilter } from "./jq.js";
import { parseAssignments, type Sources } from "./values.js";

/** `forgekit graphql --help`. */
export const GRAPHQL_HELP = `forgekit graphql -f query=<text or @file> [-F name=value …] [--paginate] [flags]

Sends a GraphQL query (or mutation) to the API's /graphql endpoint (GHES: /api/graphql) and
prints its data. A response with errors prints them on stderr and exits 1.

Fields:
  -f, --raw-field key=value   a string (key=@file reads the file, key=@- stdin)
  -F, --field key=value       a typed value: numbers, true/false, null and JSON are recognised
  key=value                   as -F
The field "query" is the query; every other field is a variable.

  --paginate   follow the outer connection's cursor variable (pageInfo { hasNextPage endCursor }
               and after: $cursor) and complete nested connections; prints the merged data

Examples:
  forgekit graphql -f query='{ viewer { login } }'
  forgekit graphql -f query=@issues.graphql -F owner=octokit -f repo=rest.js --paginate

Flags: see forgekit --help. Guide: docs/graphql.md
`;

/** The fields of `forgekit graphql`: `-f` ones are strings, `-F` and bare `key=value` ones typed. */
async function fieldsOf(flags: Flags, words: readonly string[], sources: Sources): Promise<Record<string, unknown>> {
  const raw = flags.fields.filter(([isRaw]) => isRaw).map(([, assignment]) => assignment);
  const typed = [...flags.fields.filter(([isRaw]) => !isRaw).map(([, assignment]) => assignment), ...words];
  const metas = raw.map((word): ParamMeta => [word.split("=")[0]!, "?", "string"] as unknown as ParamMeta);
  const strings = await parseAssignments(raw, metas, "graphql", sources);
  const values = await parseAssignments(typed, undefined, "graphql", sources);
  for (const key of Object.keys(values))
    if (key in strings) throw new UsageError(`field "${key}" is given twice.`, "forgekit graphql --help");
  return { ...strings, ...values };
}

/** Run `forgekit graphql`; resolves to the exit code. */
export async function runGraphql(
  client: Client,
  flags: Flags,
  words: readonly string[],
  io: Io,
  sources: Sources,
  jq?: JqFilter,
): Promise<number> {
  const { query, ...variables } = await fieldsOf(flags, words, sources);
  if (typeof query !== "string" || !query.trim())
    throw new UsageError(
      "name the query: -f query='{ viewer { login } }' or -f query=@file.graphql.",
      "forgekit graphql --help",
    );
  const data = flags.paginate
    ? await client.graphql.paginate(query, variables)
    : await client.graphql(query, variables);
  if (!flags.dryRun) {
    if (jq) io.stdout.write(await jq(data));
    else writeData(io, data);
  }
  return 0;
}
