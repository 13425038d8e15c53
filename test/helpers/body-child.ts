// Run by test/faults/bodies.test.ts in a child process of its own, so its peak RSS is this
// request's alone: `body-child.ts <url> <path> <fetch|agent>` sends one GET and prints the outcome
// and the process's peak RSS in bytes as JSON.
import { Agent } from "node:http";
import { transports, type TransportName } from "./security.js";

const [url, path, name] = process.argv.slice(2) as [string, string, TransportName];
const client = transports(new Agent())[name]({ baseUrl: url });
const outcome = await client.request(`GET ${path}`).then(
  (response) => ({ status: response.status }),
  (error: Error & { limit?: number }) => ({ name: error.name, message: error.message, limit: error.limit }),
);
console.log(JSON.stringify({ ...outcome, rss: process.resourceUsage().maxRSS * 1024 }));
process.exit(0);
