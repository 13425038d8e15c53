import { globalAgent as httpAgent } from "node:http";
import { globalAgent as httpsAgent } from "node:https";

/**
 * Redirects for the agent transport (node:http follows none by itself), with the
 * rules of the Fetch standard (HTTP-redirect fetch): credentials never cross origins,
 * 301/302 turn a POST and 303 any method but HEAD into a body-less GET, 307/308 keep
 * method and body; at most 20 redirects; only http(s) targets.
 */

/** Fetch's own limit (Fetch standard, HTTP-redirect fetch step 5). */
export const MAX_REDIRECTS = 20;
/**
 * Dropped when the origin (scheme, host or port) changes: credentials (Fetch standard,
 * HTTP-redirect fetch step 13), and W3C trace context, which the otel plugin sends to the
 * API's own origins only (plugins/otel/redirect.ts does the same over fetch).
 */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", "traceparent", "tracestate", "baggage"];
/** Request-body headers dropped with the body (Fetch standard, HTTP-redirect fetch step 12). */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];

export interface Hop {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/**
 * What a request tells the tunnel while its connection is made (plugins/agent/fetch.ts sets
 * it in the request's options, which node:http hands the agent): node:http keeps a request's
 * `signal` to itself, and a request aborted before it has a socket hears nothing until it gets
 * one. The tunnel (plugins/agent/tunnel.ts) closes a CONNECT still waiting when `signal` aborts, or after `idle` ms.
 */
export const TUNNEL_WAIT = Symbol.for("forgekit.tunnelWait");
export interface TunnelWait {
  signal: AbortSignal | undefined;
  idle: number;
}

/** Whether `status` with a `location` is a redirect to follow. */
export function isRedirect(status: number, location: string | null | undefined): location is string {
  return typeof location === "string" && [301, 302, 303, 307, 308].includes(status);
}

/**
 * The next request after a redirect response, or an error for a loop, a target that is not
 * http(s), or a body that cannot be sent twice. A loop fails with undici's own words
 * ("redirect count exceeded"), so both transports report it the same way. `apiOnly` names
 * more headers kept from another origin: the otel plugin's trace context, whatever its propagator.
 */
export function nextHop(
  current: Hop,
  status: number,
  location: string,
  hops: number,
  apiOnly: readonly string[] = [],
): Hop {
  if (hops > MAX_REDIRECTS) throw new Error("redirect count exceeded");
  let target: URL;
  try {
    target = new URL(location, current.url);
  } catch {
    throw new Error("redirected to a location that is not a URL");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new Error(`redirected to a ${target.protocol} URL; only http(s) is followed`);
  // node:http would turn `user:password@` into an `authorization: Basic` header of the server's
  // choosing; fetch refuses such a redirect too (Fetch standard, HTTP-redirect fetch).
  if (target.username || target.password)
    throw new Error("redirected to a URL with credentials in it (user:password@), which is not followed");
  const headers = { ...current.init.headers };
  if (target.origin !== new URL(current.url).origin)
    for (const name of Object.keys(headers)) {
      const lower = name.toLowerCase();
      if (CREDENTIAL_HEADERS.includes(lower) || apiOnly.some((drop) => drop.toLowerCase() === lower))
        delete headers[name];
    }
  const method = (current.init.method ?? "GET").toUpperCase();
  const keep = status === 307 || status === 308 || (status !== 303 && method !== "POST") || method === "HEAD";
  if (!keep || method === "GET") {
    for (const name of BODY_HEADERS) delete headers[name];
    return {
      url: target.href,
      init: { ...current.init, method: method === "HEAD" ? "HEAD" : "GET", body: null, headers },
    };
  }
  if (current.init.body && typeof (current.init.body as { pipe?: unknown }).pipe === "function") {
    throw new Error("redirected, but a stream body cannot be sent twice: pass a string, Blob or buffer");
  }
  return { url: target.href, init: { ...current.init, headers } };
}

/**
 * The agent for a hop: the caller's, unless a redirect changed the protocol, which Node
 * refuses with a mismatched agent ("Protocol "http:" not supported"). Then Node's global
 * agent of the new protocol carries that hop (the caller's TLS options do not apply to it).
 */
export function agentFor(agent: unknown, url: string): unknown {
  // An agent-base agent (the proxy agents, plugins/agent/proxy.ts) serves both schemes: 7 and
  // later have `connect`, 4 to 6 (https-proxy-agent ≤ 5, proxy-agent ≤ 5) `callback`, and a
  // `protocol` getter that reads the call stack, "http:" outside node:https — read here, it
  // would send an https request past the proxy (test/regressions/agent-base-6-proxy.test.ts).
  const { connect, callback } = (agent ?? {}) as { connect?: unknown; callback?: unknown };
  if (typeof connect === "function" || typeof callback === "function") return agent;
  const own = (agent as { protocol?: unknown } | null)?.protocol;
  if (typeof own !== "string") return agent;
  // Run on every request: the scheme from the string, not a parsed URL.
  const protocol = url.startsWith("https:") ? "https:" : "http:";
  if (own === protocol) return agent;
  return protocol === "https:" ? httpsAgent : httpAgent;
}
