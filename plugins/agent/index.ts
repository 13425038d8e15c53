import {
  fetchTransport,
  lazy,
  ParameterError,
  warnOnce,
  type Fetch,
  type Plugin,
  type Transport,
  type TransportRequest,
} from "../../kernel/index.js";
import { envNamesProxy, proxySetting } from "./proxy-option.js";
import { AGENT_YIELDS, chooseTransport } from "./transport-choice.js";

declare module "../../kernel/types.js" {
  interface TransportOptions {
    /** Node only: an http(s).Agent for the connections (the top-level `agent` option is its shorthand). */
    agent?: unknown;
    /**
     * A proxy URL for every request, or `false` for none; unset, HTTPS_PROXY/HTTP_PROXY/ALL_PROXY
     * and NO_PROXY decide (read when the client is made).
     */
    proxy?: string | URL | false;
    /**
     * Milliseconds without a byte from the server (waiting for the headers, or between body
     * chunks) before the request fails. Default 300000, as undici's fetch; `0` turns it off.
     */
    idleTimeout?: number;
  }
}

/** The top-level option the node:http transport reads (shorthand for `request.agent`, which wins). */
export interface AgentOptions {
  /** Node only: an http(s).Agent for the connections (keep-alive, TLS options, a proxy's tunnel). */
  agent?: unknown;
}

/** The otel plugin's mark on its fetch wrapper (plugins/otel/redirect.ts), by its registered key. */
const API_ONLY_HEADERS = Symbol.for("forgekit.apiOnlyHeaders");

/**
 * Node only: the node:http(s) transport (`request.transport`). When the `agent` option (client
 * or per call) is set, or a proxy applies (`request.proxy`, or HTTPS_PROXY/HTTP_PROXY/ALL_PROXY
 * with NO_PROXY, read when the client is made), and no `request.fetch` is given — and by default
 * in Node unless a test's mock patched `fetch` only (plugins/agent/transport-choice.ts) —
 * requests go through node:http(s) with that agent (for a proxy, a CONNECT tunnel): a
 * connection reset mid-body rejects instead of hanging, and redirects never carry credentials
 * to another origin. Its code loads when the first request starts, in parallel with the
 * hooks' own work. On the drop-in `Octokit` only, a test that mocked `fetch` only sees
 * requests with an `agent` too: they go to the mock, the agent unused, with one warning.
 *
 * @example
 * import { Agent } from "node:https";
 * const client = new (Client.plugin(agent))({ agent: new Agent({ keepAlive: true }) });
 */
export const agent: Plugin<void, AgentOptions> = (client, options) => {
  const request = client.options.request;
  if (options.agent !== undefined && !("agent" in request)) request.agent = options.agent;
  if (request.transport) {
    // fetch has no agent: the caller chose it and a connection setting would be lost unseen.
    if (request.transport === fetchTransport && request.agent !== undefined)
      throw new ParameterError(
        "request.agent needs a node:http transport: fetch cannot use it (see request.transport).",
      );
    return;
  }
  const yields = (client.constructor as unknown as Record<symbol, unknown>)[AGENT_YIELDS] === true;
  const fromEnv = envNamesProxy();
  if (!yields) request.transport = fromEnv ? viaEnvironment : direct;
  else {
    // The drop-in `Octokit`: its own function, for the warning in its client's log.
    const log = client.options.log;
    const send: Transport = (sent) => nodeTransport(sent, fromEnv, log);
    send.prepare = prepare;
    request.transport = send;
  }
};

/** The node:http code starts loading when the first request starts, while its hooks run. */
function prepare(): void {
  if (!transport.value) transport().catch(() => {});
}

/** The transport of a client made while no proxy variable was set, and of one made while one was. */
const direct: Transport = Object.assign((sent: TransportRequest) => nodeTransport(sent, false), { prepare });
const viaEnvironment: Transport = Object.assign((sent: TransportRequest) => nodeTransport(sent, true), { prepare });

/** The option names this plugin reads (docs/hooks-and-plugins.md). */
agent.options = ["agent"];
/** The `request` option names this plugin reads (docs/hooks-and-plugins.md). */
agent.requestOptions = ["agent", "proxy", "idleTimeout"];

/**
 * The transport of one request: `request.fetch` wins, then `agent` (on `Octokit`, unless only
 * fetch is mocked), then a proxy (plugins/agent/transport-choice.ts makes the one decision).
 * `yielding` is the client's log on the drop-in `Octokit`, where an agent yields to a fetch mock.
 */
function nodeTransport(
  sent: TransportRequest,
  fromEnv: boolean,
  yielding?: { warn(message: string): void },
): ReturnType<Transport> {
  const options = sent.options;
  const idle = options.idleTimeout;
  if (idle !== undefined && !(typeof idle === "number" && idle >= 0))
    throw new ParameterError(`request.idleTimeout must be a number of milliseconds, 0 or more, not ${idle}`);
  // The otel plugin's trace context over the runtime's fetch (plugins/otel/redirect.ts)
  // leaves the choice here: the header names to keep from other origins.
  const wrapped = options.fetch;
  const apiOnly = (wrapped as { [API_ONLY_HEADERS]?: readonly string[] } | undefined)?.[API_ONLY_HEADERS];
  if (wrapped && !apiOnly) return fetchTransport(sent);
  const proxy = proxySetting(options.proxy, fromEnv);
  const choice = chooseTransport(apiOnly ? withoutFetch(options) : options, proxy !== false, !!yielding);
  if (choice === "node:http") {
    const given = options.agent;
    return given !== undefined || proxy === false ? viaAgent(sent, given, apiOnly) : viaProxy(sent, proxy, apiOnly);
  }
  if (yielding && options.agent !== undefined)
    // Fetch chosen with an agent given: only `Octokit`'s, under a mock of the fetch layer only
    // (node:http with the agent would go past the mock, to the network or the proxy).
    warnOnce(
      yielding,
      "agent-unused",
      "The agent option is not used: globalThis.fetch (or undici's global dispatcher) is mocked and node:http is not, so requests go to the mock through fetch, as @octokit/rest v22 sends them. Mock node:http too (nock 14, msw 2) to send them with the agent.",
    );
  else if (!wrapped) return fetchTransport(sent);
  return fetchTransport({ ...sent, options: { ...options, fetch: (wrapped ?? globalThis.fetch) as Fetch } });
}

/**
 * A `fetch` over node:http(s) that uses `agent` for its connections and follows redirects
 * safely (plugins/agent/fetch.ts, loaded on the first call).
 */
export function agentFetch(agent: unknown): Fetch {
  return async (url, init) => (transport.value ?? (await transport())).agentFetch(agent)(url, init);
}

/** Through node:http(s) with `agent` (`undefined`: Node's global agent). */
function viaAgent(sent: TransportRequest, agent: unknown, apiOnly?: readonly string[]): ReturnType<Transport> {
  // Once loaded, straight to its `send`: no promise of ours around the request's.
  return transport.value
    ? transport.value.send(sent, agent, apiOnly)
    : transport().then((loaded) => loaded.send(sent, agent, apiOnly));
}

/** Through the proxy for the URL (`proxy`, else the environment's), or node:http's own agent when none applies. */
async function viaProxy(sent: TransportRequest, proxy: string | undefined, apiOnly?: readonly string[]) {
  const through = (proxies.value ?? (await proxies())).proxyAgentFor(sent.url, proxy);
  return viaAgent(sent, through, apiOnly);
}

/** The node:http transport's code. */
const transport = lazy(() => import("./fetch.js"));
/** The proxy rules and the CONNECT tunnel (plugins/agent/tunnel.ts), loaded on the first request a proxy may apply to. */
const proxies = lazy(() => import("./proxy.js"));

/** `options` without `fetch`: the otel plugin's wrapper leaves the choice to this plugin. */
function withoutFetch(options: TransportRequest["options"]): TransportRequest["options"] {
  const { fetch: _, ...rest } = options;
  return rest;
}
