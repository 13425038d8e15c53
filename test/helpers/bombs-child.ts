// Run by test/faults/body-budget.test.ts in a child process of its own, so that its peak RSS
// is these requests' alone: `bombs-child.ts <url> <path> <fetch|node|agent> <count>` sends
// `count` GETs at once and prints how each ended (error names and limits, counted), the bytes
// still held against the body budget, and the process's peak RSS in bytes, as JSON.
import { Agent } from "node:http";
import { bodyBudget } from "../../kernel/index.js";
import { transports, type TransportName } from "./security.js";

const [url, path, name, count] = process.argv.slice(2) as [string, string, TransportName, string];
const client = transports(new Agent({ keepAlive: true }))[name]({ baseUrl: url });
const outcomes = await Promise.all(
  Array.from({ length: Number(count) }, () =>
    client.request(`GET ${path}`).then(
      (response) => `status ${response.status}`,
      (error: Error & { limit?: number }) => `${error.name} ${error.limit}`,
    ),
  ),
);
const counted: Record<string, number> = {};
for (const outcome of outcomes) counted[outcome] = (counted[outcome] ?? 0) + 1;
console.log(JSON.stringify({ outcomes: counted, held: bodyBudget().held, rss: process.resourceUsage().maxRSS * 1024 }));
process.exit(0);
