import { lazy, onSend, type Fetch, type Observe, type Plugin } from "../../kernel/index.js";
import { chooseTransport } from "./transport-choice.js";

/**
 * Node only: the agent transport. When the `agent` option (client or per call) is set and
 * no `request.fetch` is given — or when a test's mock patched node:http but not `fetch`
 * (plugins/agent/transport-choice.ts) — requests go through node:http(s) with that agent —
 * a connection reset mid-body rejects instead of hanging, and redirects never carry
 * credentials to another origin. Its code is imported on the first such request.
 *
 * @example
 * import { Agent } from "node:https";
 * const client = new (Client.plugin(agent))({ agent: new Agent({ keepAlive: true }) });
 */
export const agent: Plugin<void> = (client) => onSend(client, useAgent);

/**
 * The send step (shared by every client; not a hook): node:http when an agent is given, and
 * when a mock patched node:http but not fetch (plugins/agent/transport-choice.ts).
 */
const useAgent: Observe = ({ request }) => {
  if (chooseTransport(request) === "node:http") request.fetch = agentSend(request.agent) as unknown as Fetch;
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
agent.options = [];

/**
 * A `fetch` over node:http(s) that uses `agent` for its connections and follows redirects
 * safely (plugins/agent/fetch.ts, loaded on the first call).
 */
export function agentFetch(agent: unknown): Fetch {
  return async (url, init) => (transport.value ?? (await transport())).agentFetch(agent)(url, init);
}

/** The plugin's send path: what the kernel's transport reads, without a WHATWG Response (plugins/agent/fetch.ts). */
function agentSend(agent: unknown) {
  return async (url: string, init: RequestInit) => (transport.value ?? (await transport())).agentSend(agent)(url, init);
}

/** The agent transport's code, loaded on the first request with an agent. */
const transport = lazy(() => import("./fetch.js"));
