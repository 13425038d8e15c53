import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import type { Fetch } from "../../kernel/index.js";
import { ACCEPT_ENCODING, readBody } from "./node-http.js";
import { agentFor, isRedirect, nextHop, type Hop } from "./redirect.js";

// The agent transport's code: plugins/agent/index.ts imports this module only when a request
// is sent with an `agent`. It speaks node:http(s) with the caller's agent directly.

type Body = string | Buffer | Readable | null;

/** A request body as node:http sends it; `content-type` for forms that imply one. */
async function toBody(body: unknown, headers: Record<string, string>): Promise<Body> {
  if (body === undefined || body === null) return null;
  if (typeof body === "string" || Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof ReadableStream) return Readable.fromWeb(body as never);
  if (body instanceof Readable) return body;
  // Blob, FormData, URLSearchParams…: let the platform encode them as fetch would.
  const encoded = new Response(body as BodyInit);
  const type = encoded.headers.get("content-type");
  if (type && !("content-type" in headers)) headers["content-type"] = type;
  return Buffer.from(await encoded.arrayBuffer());
}

/** Send one hop; resolves with the response head, rejects like undici for a failed connection. */
function send(hop: Hop, agent: unknown, body: Body, signal?: AbortSignal | null): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const https = hop.url.startsWith("https:");
    const options = {
      method: hop.init.method ?? "GET",
      headers: hop.init.headers as OutgoingHttpHeaders,
      agent: agent as never,
      ...(signal ? { signal } : {}),
    };
    const req = (https ? httpsRequest : httpRequest)(hop.url, options, resolve);
    req.once("error", (error) => reject(failed(error)));
    if (body instanceof Readable) body.once("error", (error) => req.destroy(error)).pipe(req);
    else req.end(body ?? undefined);
  });
}

/** A `fetch` over node:http(s) that uses `agent` for its connections and follows redirects safely. */
export function agentFetch(agent: unknown): Fetch {
  return async (url, init) => {
    const headers = { "accept-encoding": ACCEPT_ENCODING, ...(init.headers as Record<string, string>) };
    let body = await toBody(init.body, headers);
    let hop: Hop = { url, init: { ...init, body: body as never, headers } };
    for (let hops = 1; ; hops++) {
      const res = await send(hop, hops === 1 ? agent : agentFor(agent, hop.url), body, init.signal);
      const location = res.headers.location;
      if (init.redirect === "manual" || !isRedirect(res.statusCode!, location)) return toWebResponse(res, hop);
      res.resume();
      hop = nextHop(hop, res.statusCode!, location, hops);
      body = hop.init.body as Body;
    }
  };
}

/** A WHATWG Response with the whole (decoded) body; a reset mid-body rejects instead of hanging. */
async function toWebResponse(res: IncomingMessage, hop: Hop): Promise<globalThis.Response> {
  const status = res.statusCode!;
  const nullBody = hop.init.method === "HEAD" || status === 204 || status === 205 || status === 304;
  const body = nullBody ? (res.resume(), null) : await readBody(res);
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const web = new Response(body as never, { status, statusText: res.statusMessage ?? "", headers });
  Object.defineProperty(web, "url", { value: hop.url });
  return web;
}

/**
 * Connection errors (ECONNREFUSED, ECONNRESET before a response…) wrapped the way undici
 * reports them (a TypeError whose cause has the `code`), so both transports produce the same
 * `NetworkError` message; the kernel redacts the cause's text. An abort passes as it is.
 */
function failed(error: { code?: unknown; name?: string }): unknown {
  return error?.code && error.name !== "AbortError" ? new TypeError("fetch failed", { cause: error }) : error;
}
