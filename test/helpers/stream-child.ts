// Run by test/faults/streaming.test.ts in a child process of its own: `stream-child.ts <url>
// <fetch|node|agent> <file>` downloads GET / with request.parseSuccessResponseBody: false into
// <file>, and prints the bytes written and how far the download raised the peak RSS.
import { Agent } from "node:http";
import { stat, writeFile } from "node:fs/promises";
import { transports, type TransportName } from "./security.js";

const [url, name, file] = process.argv.slice(2) as [string, TransportName, string];
const client = transports(new Agent())[name]({ baseUrl: url });
// Load the request path (and the agent transport's module) before measuring.
await client.request("GET /small");
const before = process.memoryUsage().rss;
const response = await client.request("GET /", { request: { parseSuccessResponseBody: false } });
// docs/transports-and-downloads.md's one line: a web ReadableStream is an async iterable of chunks.
await writeFile(file, response.data as ReadableStream<Uint8Array>);
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ bytes: (await stat(file)).size, raised: peak - before }));
process.exit(0);
