import { lazy, ParameterError, type EndpointOptions, type Fetch, type Plugin } from "../../kernel/index.js";
import { proxySetting } from "./proxy-option.js";
import { chooseTransport } from "./transport-choice.js";

/**
 * Node only: the agent transport. When the `agent` option (client or per call) is set, or a
 * proxy applies (`request.proxy`, or HTTPS_PROXY/HTTP_PROXY/ALL_PROXY with NO_PROXY), and no
 * `request.fetch` is given — or when a test's mock patched node:http but not `fetch`
 * (plugins/agent/transport-choice.ts) — requests go through node:http(s) with that agent (for
 * a proxy, a CONNECT tunnel): a connection reset mid-body rejects instead of hanging, and
 * redirects never carry credentials to another origin. Its code is imported on the first
 * such request.
 *
 * @example
 * import { Agent } from "node:https";
 * const client = new (Client.plugin(agent))({ agent: new Agent({ keepAlive: true }) });
 */
export const agent: Plugin<void> = (client) => client.hook.before("request", useAgent);

/**
 * Chooses the transport through the request options, as any caller may (`request.fetch`):
 * `request.fetch` wins, then `agent`, then a proxy (plugins/agent/transport-choice.ts makes
 * the one decision). Shared by every client.
 */
function useAgent({ request }: EndpointOptions): void {
  const idle = request.idleTimeout;
  if (idle !== undefined && !(typeof idle === "number" && idle >= 0))
    throw new ParameterError(`request.idleTimeout must be a number of milliseconds, 0 or more, not ${idle}`);
  const proxy = proxySetting(request.proxy);
  if (chooseTransport(request, proxy !== false) !== "node:http") return;
  const stream = request.parseSuccessResponseBody === false;
  const given = request.agent;
  request.fetch = (given !== undefined || proxy === false
    ? agentTransport(given, idle, stream)
    : proxiedTransport(proxy, idle, stream)) as unknown as Fetch;
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
function agentTransport(agent: unknown, idle?: number, stream?: boolean) {
  // Once loaded, straight to its `send`: no promise of ours around the request's.
  return (url: string, init: RequestInit) =>
    transport.value
      ? transport.value.send(agent, idle, stream, url, init)
      : transport().then((loaded) => loaded.send(agent, idle, stream, url, init));
}

/** Through the proxy for `url` (`proxy`, else the environment's), or node:http's own agent when none applies. */
function proxiedTransport(proxy: string | undefined, idle?: number, stream?: boolean) {
  return async (url: string, init: RequestInit) => {
    const through = (proxies.value ?? (await proxies())).proxyAgentFor(url, proxy);
    return agentTransport(through, idle, stream)(url, init);
  };
}

/** The agent transport's code, loaded on the first request with an agent or a proxy. */
const transport = lazy(() => import("./fetch.js"));
/** https-proxy-agent and proxy-from-env, loaded on the first request a proxy may apply to. */
const proxies = lazy(() => import("./proxy.js"));
