import { HttpsProxyAgent } from "https-proxy-agent";
// @ts-expect-error proxy-from-env ships no declarations: its one function is typed below.
import { getProxyForUrl as untyped } from "proxy-from-env";

// The proxy agents of the agent plugin (plugins/agent/index.ts loads this module only when a
// proxy is configured). The environment's rules are proxy-from-env's, as curl reads them:
// `https_proxy`/`HTTPS_PROXY` for https URLs, `http_proxy`/`HTTP_PROXY` for http URLs,
// `all_proxy` for both, and `no_proxy`/`NO_PROXY` (host names, `.suffix`, `*`, `host:port`).
// https-proxy-agent opens a CONNECT tunnel through the proxy for both schemes, so the proxy
// never sees the request itself, nor its `authorization`.

/** The proxy URL the environment names for `url`, or "" for a direct connection. */
const getProxyForUrl: (url: string) => string = untyped;

/** One keep-alive agent per proxy URL, for the life of the process. */
const agents = new Map<string, HttpsProxyAgent<string>>();

/**
 * The agent that tunnels a request to `url` through `proxy` (the `request.proxy` option), or
 * else through the proxy the environment names for it; `undefined` for a direct connection.
 */
export function proxyAgentFor(url: string, proxy: string | undefined): HttpsProxyAgent<string> | undefined {
  const chosen = proxy ?? getProxyForUrl(url);
  if (!chosen) return undefined;
  let agent = agents.get(chosen);
  if (!agent) agents.set(chosen, (agent = new HttpsProxyAgent(chosen, { keepAlive: true })));
  return agent;
}
