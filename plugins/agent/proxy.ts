import { addAuthorization, addSecret } from "../../kernel/index.js";
import { Tunnel } from "./tunnel.js";

// The proxy agents of the agent plugin (plugins/agent/index.ts loads this module only when a
// proxy is configured). The environment's rules are the ones curl and the proxy-from-env
// package read: `https_proxy`/`HTTPS_PROXY` for https URLs, `http_proxy`/`HTTP_PROXY` for http
// URLs, `all_proxy` for both (lower case first), and `no_proxy`/`NO_PROXY` (host names,
// `.suffix` or `*.suffix`, `*`, `host:port`). The tunnel (plugins/agent/tunnel.ts) is a CONNECT
// for both schemes, so the proxy never sees the request itself, nor its `authorization`. The
// request never carries the proxy's own credentials either (they go in the CONNECT only), so no
// error could learn them: they are added by value here (kernel/redact.ts), as a proxy answering
// 407 may echo them.

const env = (name: string) => process.env[name] || process.env[name.toUpperCase()] || "";
const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21 };

/** The proxy URL the environment names for `url`, or "" for a direct connection. */
function getProxyForUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "";
  }
  const scheme = parsed.protocol.slice(0, -1);
  // `host` less its port: an IPv6 address keeps its brackets, as NO_PROXY writes it.
  const host = parsed.host.replace(/:\d*$/, "");
  const port = Number(parsed.port) || DEFAULT_PORTS[scheme] || 0;
  if (!host || bypassed(host, port)) return "";
  const proxy = env(`${scheme}_proxy`) || env("all_proxy");
  return proxy && !proxy.includes("://") ? `${scheme}://${proxy}` : proxy;
}

/** Whether NO_PROXY names `host` (with `port`, when an entry gives one). */
function bypassed(host: string, port: number): boolean {
  const list = env("no_proxy").toLowerCase();
  if (list === "*") return true;
  return list.split(/[,\s]/).some((entry) => {
    if (!entry) return false;
    const [, name = entry, given] = /^(.+):(\d+)$/.exec(entry) ?? [];
    if (given && Number(given) !== port) return false;
    if (!/^[.*]/.test(name)) return host === name;
    return host.endsWith(name.startsWith("*") ? name.slice(1) : name);
  });
}

/** One keep-alive agent per proxy URL, for the life of the process, with the proxy's credentials. */
const agents = new Map<string, { agent: Tunnel; secrets: string[] }>();

/**
 * The agent that tunnels a request to `url` through `proxy` (the `request.proxy` option), or
 * else through the proxy the environment names for it; `undefined` for a direct connection.
 */
export function proxyAgentFor(url: string, proxy: string | undefined): Tunnel | undefined {
  const chosen = proxy ?? getProxyForUrl(url);
  if (!chosen) return undefined;
  let entry = agents.get(chosen);
  if (!entry) {
    const secrets = credentials(chosen);
    agents.set(chosen, (entry = { agent: new Tunnel(chosen, secrets[0], { keepAlive: true }), secrets }));
  }
  // On every request, not once: the known values are bounded, the least recently added dropped first.
  addAuthorization(entry.secrets[0]);
  for (const value of entry.secrets.slice(1)) addSecret(value);
  return entry.agent;
}

/**
 * The credentials in `proxy`: the `proxy-authorization` the tunnel sends for it (Basic, the
 * percent-decoded `user:password`), then the password as written in the URL; or, for a
 * user name without a password (a token as user name), that name. None when it has neither.
 */
function credentials(proxy: string): string[] {
  const { username, password } = new URL(proxy);
  if (!username && !password) return [];
  const pair = `${decoded(username)}:${decoded(password)}`;
  return [`Basic ${Buffer.from(pair).toString("base64")}`, ...(password ? [password] : [username, decoded(username)])];
}

/** `text` percent-decoded, or as it is when that fails. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
