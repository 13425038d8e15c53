import type { Fetch, Plugin } from "../../kernel/index.js";

/**
 * Node only: the agent transport. When the `agent` option (client or per call) is set and
 * no `request.fetch` is given, requests go through cross-fetch's node-fetch with that
 * http(s).Agent — guarded so a connection reset mid-body rejects instead of hanging, and
 * so redirects never carry credentials to another origin. cross-fetch is imported on the
 * first such request: `import "forgekit"` loads none of it (nor Deno's deprecated
 * `punycode`, which node-fetch's URL parser requires).
 *
 * @example
 * import { Agent } from "node:https";
 * const client = new (Client.plugin(agent))({ agent: new Agent({ keepAlive: true }) });
 */
export const agent: Plugin<void> = (client) => {
  client.hook.before("request", (options) => {
    const given = options.request.agent;
    if (given !== undefined && !options.request.fetch) options.request.fetch = agentFetch(given);
  });
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
agent.options = [];

/**
 * A `fetch` over node-fetch that uses `agent` for its connections and follows redirects
 * safely (plugins/agent/fetch.ts, loaded on the first call).
 */
export function agentFetch(agent: unknown): Fetch {
  return async (url, init) => (await import("./fetch.js")).agentFetch(agent)(url, init);
}
