import { lazy, ParameterError, warnOnce, type EndpointOptions, type Fetch, type Plugin } from "../../kernel/index.js";
import { proxySetting } from "./proxy-option.js";
import { AGENT_YIELDS, chooseTransport } from "./transport-choice.js";

/** The otel plugin's mark on its fetch wrapper (plugins/otel/redirect.ts), by its registered key. */
const API_ONLY_HEADERS = Symbol.for("forgekit.apiOnlyHeaders");

/**
 * Node only: the agent transport. When the `agent` option (client or per call) is set, or a
 * proxy applies (`request.proxy`, or HTTPS_PROXY/HTTP_PROXY/ALL_PROXY with NO_PROXY), and no
 * `request.fetch` is given — or when a test's mock patched node:http but not `fetch`
 * (plugins/agent/transport-choice.ts) — requests go through node:http(s) with that agent (for
 * a proxy, a CONNECT tunnel): a connection reset mid-body rejects instead of hanging, and
 * redirects never carry credentials to another origin. Its code is imported on the first
 * such request. On the drop-in `Octokit` only, a test that mocked `fetch` only sees requests
 * with an `agent` too: they go to the mock, the agent unused, with one warning
 * (plugins/agent/transport-choice.ts); every other client always sends with its agent.
 *
 * @example
 * import { Agent } from "node:https";
 * const client = new (Client.plugin(agent))({ agent: new Agent({ keepAlive: true }) });
 */
export const agent: Plugin<void> = (client) => {
  const yields = (client.constructor as unknown as Record<symbol, unknown>)[AGENT_YIELDS] === true;
  // The transport, chosen through the request options as any caller may (`request.fetch`):
  // `request.fetch` wins, then `agent` (on `Octokit`, unless only fetch is mocked), then a proxy
  // (plugins/agent/transport-choice.ts makes the one decision). One function: it runs on every
  // request (docs/how-it-works.md counts them).
  client.hook.before("request", ({ request }: EndpointOptions) => {
    const idle = request.idleTimeout;
    if (idle !== undefined && !(typeof idle === "number" && idle >= 0))
      throw new ParameterError(`request.idleTimeout must be a number of milliseconds, 0 or more, not ${idle}`);
    // The otel plugin's trace context over the runtime's fetch (plugins/otel/redirect.ts)
    // leaves the choice here: the header names to keep from other origins.
    const wrapped = request.fetch;
    const apiOnly = (wrapped as { [API_ONLY_HEADERS]?: readonly string[] } | undefined)?.[API_ONLY_HEADERS];
    if (wrapped && !apiOnly) return;
    if (wrapped) delete request.fetch;
    const proxy = proxySetting(request.proxy);
    if (chooseTransport(request, proxy !== false, yields) === "node:http") {
      const stream = request.parseSuccessResponseBody === false;
      const given = request.agent;
      request.fetch = (given !== undefined || proxy === false
        ? agentTransport(given, idle, stream, apiOnly)
        : proxiedTransport(proxy, idle, stream, apiOnly)) as unknown as Fetch;
    } else if (yields && request.agent !== undefined) {
      // Fetch chosen with an agent given: only `Octokit`'s, under a mock of the fetch layer only
      // (node:http with the agent would go past the mock, to the network or the proxy).
      request.fetch = wrapped ?? globalThis.fetch;
      warnOnce(
        client.options.log,
        "agent-unused",
        "The agent option is not used: globalThis.fetch (or undici's global dispatcher) is mocked and node:http is not, so requests go to the mock through fetch, as @octokit/rest v22 sends them. Mock node:http too (nock 14, msw 2) to send them with the agent.",
      );
    } else if (wrapped) request.fetch = wrapped;
  });
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
function agentTransport(agent: unknown, idle?: number, stream?: boolean, apiOnly?: readonly string[]) {
  // Once loaded, straight to its `send`: no promise of ours around the request's.
  return (url: string, init: RequestInit) =>
    transport.value
      ? transport.value.send(agent, idle, stream, url, init, apiOnly)
      : transport().then((loaded) => loaded.send(agent, idle, stream, url, init, apiOnly));
}

/** Through the proxy for `url` (`proxy`, else the environment's), or node:http's own agent when none applies. */
function proxiedTransport(proxy: string | undefined, idle?: number, stream?: boolean, apiOnly?: readonly string[]) {
  return async (url: string, init: RequestInit) => {
    const through = (proxies.value ?? (await proxies())).proxyAgentFor(url, proxy);
    return agentTransport(through, idle, stream, apiOnly)(url, init);
  };
}

/** The agent transport's code, loaded on the first request with an agent or a proxy. */
const transport = lazy(() => import("./fetch.js"));
/** https-proxy-agent and proxy-from-env, loaded on the first request a proxy may apply to. */
const proxies = lazy(() => import("./proxy.js"));
