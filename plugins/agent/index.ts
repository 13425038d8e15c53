import { lazy, warnOnce, type EndpointOptions, type Fetch, type Plugin } from "../../kernel/index.js";
import { agentUnused, chooseTransport } from "./transport-choice.js";

/**
 * Node only: the agent transport. When the `agent` option (client or per call) is set and
 * no `request.fetch` is given — or when a test's mock patched node:http but not `fetch` —
 * requests go through node:http(s) with that agent (unless a test mocked `fetch` only: then
 * they go to the mock, the agent unused and a warning logged once; see
 * plugins/agent/transport-choice.ts) —
 * a connection reset mid-body rejects instead of hanging, and redirects never carry
 * credentials to another origin. Its code is imported on the first such request.
 *
 * @example
 * import { Agent } from "node:https";
 * const client = new (Client.plugin(agent))({ agent: new Agent({ keepAlive: true }) });
 */
export const agent: Plugin<void> = (client) =>
  client.hook.before("request", (options) => {
    if (useAgent(options) || !agentUnused(options.request)) return;
    options.request.fetch = globalThis.fetch;
    warnOnce(
      client.options.log,
      "agent-unused",
      "The agent option is not used: globalThis.fetch (or undici's global dispatcher) is mocked and node:http is not, so requests go to the mock through fetch, as @octokit/rest v22 sends them. Mock node:http too (nock 14, msw 2) to send them with the agent.",
    );
  });

/**
 * Chooses the transport through the request options, as any caller may (`request.fetch`):
 * node:http when an agent is given (unless only fetch is mocked), and when a mock patched
 * node:http but not fetch (plugins/agent/transport-choice.ts). Whether it did.
 */
function useAgent({ request }: EndpointOptions): boolean {
  if (chooseTransport(request) !== "node:http") return false;
  request.fetch = agentTransport(request.agent) as unknown as Fetch;
  return true;
}
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
function agentTransport(agent: unknown) {
  return async (url: string, init: RequestInit) =>
    (transport.value ?? (await transport())).agentTransport(agent)(url, init);
}

/** The agent transport's code, loaded on the first request with an agent. */
const transport = lazy(() => import("./fetch.js"));
