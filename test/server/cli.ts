#!/usr/bin/env node
// `node dist/esm/test/server/cli.js [--port 3000] [--host 127.0.0.1] [--page-size 30]
//  [--total-items 100] [--require-auth] [--quiet]`: run the mock GitHub API until Ctrl+C,
// printing one line per request.
import { parseArgs } from "node:util";
import { startMockServer } from "./server.js";
import type { MockServerOptions } from "./types.js";

const USAGE = "Usage: cli.js [--port 3000] [--host 127.0.0.1] [--page-size 30] [--total-items 100] [--require-auth] [--quiet]";

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} ${value}: expected a whole number.\n${USAGE}`);
    process.exit(2);
  }
  return Number(value);
}

let values;
try {
  ({ values } = parseArgs({
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
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const options: MockServerOptions = {};
const port = integer("port", values.port);
const pageSize = integer("page-size", values["page-size"]);
const totalItems = integer("total-items", values["total-items"]);
if (port !== undefined) options.port = port;
if (values.host !== undefined) options.host = values.host;
if (pageSize !== undefined) options.pageSize = pageSize;
if (totalItems !== undefined) options.totalItems = totalItems;
if (values["require-auth"]) options.requireAuth = true;

let server;
try {
  server = await startMockServer(options);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
console.log(`Mock GitHub API (${server.operations} operations) listening on ${server.url}`);
console.log("Point a client at it: new Client({ baseUrl: process.env.GITHUB_API_URL }). Ctrl+C stops.");

if (!values.quiet) {
  const requests = server.requests;
  const push = requests.push.bind(requests);
  requests.push = (...items) => {
    for (const r of items) console.log(`${r.status} ${r.method.padEnd(6)} ${r.url}${r.operationId ? `  (${r.operationId})` : ""}`);
    return push(...items);
  };
}

const running = server;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
