// Run by test/plugins/presets-loads.test.ts with loads.mjs: uses the Node preset
// step by step and prints, as JSON, which modules had been loaded after each step.
import { readFileSync } from "node:fs";
import { Agent } from "node:http";
import { startServer } from "./server.js";

const file = process.env.LOADS_FILE!;
const root = new URL("../../", import.meta.url).href;
const loaded = () =>
  [...new Set(readFileSync(file, "utf8").split("\n").filter(Boolean))].map((url) =>
    url.replace(root, "").replace(/^.*\/node_modules\//, "node_modules/"),
  );
const steps: Record<string, string[]> = {};
const server = await startServer({
  "GET /repos/o/r": { body: { name: "r" } },
  "GET /list": { body: [1, 2] },
});
steps.started = loaded();
const { Client } = await import("../../plugins/presets/full.js");
const client = new Client({ baseUrl: server.url });
steps.constructed = loaded();
await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
steps.requested = loaded();
await client.paginate("GET /list");
steps.paginated = loaded();
await new Client({ baseUrl: server.url, cache: true }).request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
steps.cached = loaded();
const agent = new Agent();
await new Client({ baseUrl: server.url, agent }).request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
agent.destroy();
steps.agent = loaded();
await server.close();
process.stdout.write(JSON.stringify(steps));
