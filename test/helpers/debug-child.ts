// Run by test/plugins/debug-process.test.ts in a child process with DEBUG set: makes a few
// requests carrying planted credentials through a client with the debug plugin, then exits.
// The parent reads this process's stderr, where the `debug` package writes.
import { Client } from "../../kernel/index.js";
import { debug } from "../../plugins/debug/index.js";
import { startServer } from "./server.js";

const TOKEN = process.argv[2] ?? "ghp_missing";
const server = await startServer({
  "GET /repos/o/r": {
    headers: { "x-github-request-id": "CAFE:0001", "x-ratelimit-remaining": "4999" },
    body: { id: 1 },
  },
  "GET /missing": { status: 404, headers: { "x-github-request-id": "CAFE:0002" }, body: { message: "Not Found" } },
});
const client = new (Client.plugin([debug]))({ baseUrl: server.url, headers: { authorization: `token ${TOKEN}` } });
await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", access_token: TOKEN });
await client.request("GET /missing").catch(() => {});
client.options.log.debug(`exchanged ${TOKEN} for an installation token`, { namespace: "auth" });
await server.close();
