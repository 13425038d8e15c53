#!/usr/bin/env node
// `node dist/esm/test/server/cli.js [--port 3000] [--host 127.0.0.1] [--page-size 30]
//  [--total-items 100] [--require-auth] [--quiet]`: run the mock GitHub API until Ctrl+C
// (or SIGTERM), printing one line per request. Exit code 2 for bad flags.
import { parseArgs } from "node:util";
import { startMockServer } from "./server.js";
import type { MockServerOptions } from "./types.js";

const USAGE =
  "Usage: cli.js [--port 3000] [--host 127.0.0.1] [--page-size 30] [--total-items 100] [--require-auth] [--quiet]";

class UsageError extends Error {}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} ${value}: expected a whole number.`);
  return Number(value);
}

/** Flags → options for startMockServer; `--help` → undefined. */
function parse(argv: string[]): { options: MockServerOptions; quiet: boolean } | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "page-size": { type: "string" },
        "total-items": { type: "string" },
        "require-auth": { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return undefined;
  const options: MockServerOptions = {};
  const port = integer("port", values.port);
  const pageSize = integer("page-size", values["page-size"]);
  const totalItems = integer("total-items", values["total-items"]);
  if (port !== undefined) options.port = port;
  if (values.host !== undefined) options.host = values.host;
  if (pageSize !== undefined) options.pageSize = pageSize;
  if (totalItems !== undefined) options.totalItems = totalItems;
  if (values["require-auth"]) options.requireAuth = true;
  return { options, quiet: values.quiet === true };
}

async function main(argv: string[]): Promise<void> {
  const parsed = parse(argv);
  if (!parsed) return void console.log(USAGE);
  const server = await startMockServer(parsed.options);
  console.log(`Mock GitHub API (${server.operations} operations) listening on ${server.url}`);
  console.log("Point a client at it with { baseUrl }. Ctrl+C stops.");
  if (!parsed.quiet) {
    const push = server.requests.push.bind(server.requests);
    server.requests.push = (...requests) => {
      for (const r of requests)
        console.log(`${r.status} ${r.method.padEnd(6)} ${r.url}${r.operationId ? `  (${r.operationId})` : ""}`);
      return push(...requests);
    };
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void server.close().then(() => process.exit(0)));
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(
    error instanceof UsageError || error instanceof TypeError ? `${error.message}\n${USAGE}` : error.message,
  );
  process.exit(2);
});
