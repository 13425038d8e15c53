import { HttpsProxyAgent } from "https-proxy-agent";
import { addAuthorization, addSecret } from "../../kernel/index.js";
// @ts-expect-error proxy-from-env ships no declarations: its one function is typed below.
import { getProxyForUrl as untyped } from "proxy-from-env";

// The proxy agents of the agent plugin (plugins/agent/index.ts loads this module only when a
// proxy is configured). The environment's rules are proxy-from-env's, as curl reads them:
// `https_proxy`/`HTTPS_PROXY` for https URLs, `http_proxy`/`HTTP_PROXY` for http URLs,
// `all_proxy` for both, and `no_proxy`/`NO_PROXY` (host names, `.suffix`, `*`, `host:port`).
// https-proxy-agent opens a CONNECT tunnel through the proxy for both schemes, so the proxy
// never sees the request itself, nor its `authorization`. The request never carries the
// proxy's own credentials either (they go in the CONNECT only), so no error could learn them:
// they are added by value here (kernel/redact.ts), as a proxy answering 407 may echo them.

/** The proxy URL the environment names for `url`, or "" for a direct connection. */
const getProxyForUrl: (url: string) => string = untyped;

/** One keep-alive agent per proxy URL, for the life of the process, with the proxy's credentials. */
const agents = new Map<string, { agent: HttpsProxyAgent<string>; secrets: string[] }>();

/**
 * The agent that tunnels a request to `url` through `proxy` (the `request.proxy` option), or
 * else through the proxy the environment names for it; `undefined` for a direct connection.
 */
export function proxyAgentFor(url: string, proxy: string | undefined): HttpsProxyAgent<string> | undefined {
  const chosen = proxy ?? getProxyForUrl(url);
  if (!chosen) return undefined;
  let entry = agents.get(chosen);
  if (!entry)
    agents.set(
      chosen,
      (entry = { agent: new HttpsProxyAgent(chosen, { keepAlive: true }), secrets: credentials(chosen) }),
    );
  // On every request, not once: the known values are bounded, the least recently added dropped first.
  addAuthorization(entry.secrets[0]);
  for (const value of entry.secrets.slice(1)) addSecret(value);
  return entry.agent;
}

/**
 * The credentials in `proxy`: the `proxy-authorization` https-proxy-agent sends for it (Basic,
 * the percent-decoded `user:password`), then the password as written in the URL; or, for a
 * user name without a password (a token as user name), that name. None when it has neither.
 */
function credentials(proxy: string): string[] {
  const { username, password } = new URL(proxy);
  if (!username && !password) return [];
  const pair = `${decoded(username)}:${decoded(password)}`;
  return [`Basic ${Buffer.from(pair).toString("base64")}`, ...(password ? [password] : [username, decoded(username)])];
}

/** `text` percent-decoded, as https-proxy-agent decodes it, or as it is when that fails. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
