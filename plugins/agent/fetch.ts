import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import { TextDecoder } from "node:util";
import type { Fetch } from "../../kernel/index.js";
import { ACCEPT_ENCODING, bodyStream, readBody } from "./node-http.js";
import { agentFor, isRedirect, nextHop, type Hop } from "./redirect.js";

// The Node transport's code: plugins/agent/index.ts imports this module on the first request
// that goes through node:http(s) — the default in Node (plugins/agent/transport-choice.ts), a
// caller's `agent`, or a proxy's. Without an agent, Node's global agent of the URL's protocol
// carries the request (keep-alive since Node 19).

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

/** undici's default `headersTimeout` and `bodyTimeout`: the default `request.idleTimeout`. */
export const IDLE_TIMEOUT = 300_000;

/**
 * Send one hop; resolves with the response head, rejects like undici for a failed connection.
 * A `101` answer or a tunnel (`connect`) rejects as undici's "bad upgrade" does, and
 * `idle` ms without a byte from the server (before or during the body) reject with undici's
 * codes for the same limits, so neither can hold a request, or a throttle slot, forever.
 */
function requestHop(
  hop: Hop,
  agent: unknown,
  body: Body,
  signal?: AbortSignal | null,
  idle = IDLE_TIMEOUT,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const https = hop.url.startsWith("https:");
    const options = {
      method: hop.init.method ?? "GET",
      headers: hop.init.headers as OutgoingHttpHeaders,
      agent: agent as never,
      ...(signal ? { signal } : {}),
    };
    let headed: IncomingMessage | undefined;
    const req = (https ? httpsRequest : httpRequest)(hop.url, options, (res) => resolve((headed = res)));
    req.once("error", (error) => reject(failed(error)));
    const upgraded = (_res: IncomingMessage, socket: { destroy(): void }) => {
      socket.destroy();
      reject(failed({ code: "UND_ERR_SOCKET", message: "bad upgrade" }));
    };
    req.once("upgrade", upgraded).once("connect", upgraded);
    if (idle > 0)
      req.setTimeout(idle, () => {
        const code = headed ? "UND_ERR_BODY_TIMEOUT" : "UND_ERR_HEADERS_TIMEOUT";
        const error = failed(Object.assign(new Error(`no byte from the server for ${idle} ms`), { code })) as Error;
        // The body's reader hears it from the response (plugins/agent/node-http.ts); a
        // redirect's body, drained unread, has nobody listening.
        headed ? headed.once("error", () => {}).destroy(error) : req.destroy(error);
      });
    if (body instanceof Readable) body.once("error", (error) => req.destroy(error)).pipe(req);
    else req.end(body ?? undefined);
  });
}

/** The kernel's transport reads this much of a fetch Response (kernel/response.ts `toResponse`). */
export interface AgentResponse {
  status: number;
  statusText: string;
  url: string;
  headers: { get(name: string): string | null; [Symbol.iterator](): IterableIterator<[string, string]> };
  body: { cancel(): Promise<void> } | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
  /** Names and values as received, alternating (node:http's `rawHeaders`). */
  rawHeaders: string[];
}

/**
 * Send with `agent`, following redirects safely; resolves when the final head arrived, its
 * body read on `text()` or `arrayBuffer()`. The plugin's own send path (plugins/agent/index.ts)
 * uses this answer as it is: building a WHATWG Response, its Headers and a web stream around
 * a body read whole into memory would cost more than the rest of the request.
 */
export function agentTransport(
  agent: unknown,
  idle?: number,
  stream?: boolean,
): (url: string, init: RequestInit & { maxBodyBytes?: number }) => Promise<AgentResponse> {
  return async (url, init) => {
    const headers = { "accept-encoding": ACCEPT_ENCODING, ...(init.headers as Record<string, string>) };
    let body = await toBody(init.body, headers);
    let hop: Hop = { url, init: { ...init, body: body as never, headers } };
    for (let hops = 1; ; hops++) {
      // Every hop, the first too: a Link or a redirect may change the scheme (an https agent
      // for an http URL would be refused by Node, and retried, without ever being sent).
      const res = await requestHop(hop, agentFor(agent, hop.url), body, init.signal, idle);
      const location = res.headers.location;
      if (init.redirect === "manual" || !isRedirect(res.statusCode!, location))
        return answer(res, hop, init.maxBodyBytes, stream);
      res.resume();
      hop = nextHop(hop, res.statusCode!, location, hops);
      body = hop.init.body as Body;
    }
  };
}

/** A `fetch` over node:http(s) that uses `agent` for its connections and follows redirects safely. */
export function agentFetch(agent: unknown): Fetch {
  const sendWith = agentTransport(agent);
  return async (url, init) => {
    const answered = await sendWith(url, init);
    const web = new Response(answered.body ? await answered.arrayBuffer() : null, {
      status: answered.status,
      statusText: answered.statusText,
      headers: pairs(answered.rawHeaders),
    });
    Object.defineProperty(web, "url", { value: answered.url });
    return web;
  };
}

/** `[name, value]` pairs of node:http's alternating `rawHeaders` (a repeated `set-cookie` stays repeated). */
const pairs = (raw: string[]) => raw.flatMap((name, i) => (i % 2 ? [] : [[name, raw[i + 1]!] as [string, string]]));

// node:util's, not the global: a test environment that swaps the globals for a page's (Jest's
// jsdom) has no TextDecoder, and this transport is the one it uses (no fetch there either).
const UTF8 = new TextDecoder();

/**
 * The answer as soon as the head arrived, as fetch's Response: the body is read (decoded, and
 * bounded by `limit`) when the kernel asks for it, so a reset mid-body fails after the status
 * is known, as over fetch; it rejects instead of hanging. Headers as fetch's Headers has them:
 * names lower-cased and sorted, repeated values joined with ", " (a repeated `set-cookie`
 * keeps its last value, as `Object.fromEntries` of fetch's Headers does).
 */
function answer(res: IncomingMessage, hop: Hop, limit?: number, stream?: boolean): AgentResponse {
  const status = res.statusCode!;
  const nullBody = hop.init.method === "HEAD" || status === 204 || status === 205 || status === 304;
  if (nullBody) res.resume();
  // `request.parseSuccessResponseBody: false`: the kernel hands this stream to the caller.
  const web = !nullBody && stream && status < 400 ? (Readable.toWeb(bodyStream(res)) as ReadableStream) : undefined;
  let bytes: Promise<Buffer> | undefined;
  const read = () => (bytes ??= nullBody || web ? Promise.resolve(EMPTY) : readBody(res, limit));
  const fields: Record<string, string> = {};
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!.trim();
    fields[name] = name in fields && name !== "set-cookie" ? `${fields[name]}, ${value}` : value;
  }
  const headers = {
    get: (name: string) => fields[name.toLowerCase()] ?? null,
    [Symbol.iterator]: () =>
      Object.keys(fields)
        .sort()
        .map((name): [string, string] => [name, fields[name]!])
        [Symbol.iterator](),
  };
  return {
    status,
    statusText: res.statusMessage ?? "",
    url: hop.url,
    headers,
    rawHeaders: raw,
    body: web ?? (nullBody ? null : { cancel: () => Promise.resolve(void res.destroy()) }),
    // TextDecoder drops a leading BOM, as Response.text() does.
    text: () => read().then((data) => UTF8.decode(data)),
    arrayBuffer: () =>
      read().then((data) => data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer),
  };
}

const EMPTY = Buffer.alloc(0);

/**
 * Connection errors (ECONNREFUSED, ECONNRESET before a response…) wrapped the way undici
 * reports them (a TypeError whose cause has the `code`), so both transports produce the same
 * `NetworkError` message; the kernel redacts the cause's text. An abort passes as it is.
 */
function failed(error: { code?: unknown; name?: string; message?: string }): unknown {
  if (!error?.code || error.name === "AbortError") return error;
  // llhttp's name for headers over --max-http-header-size (16 KiB), which undici also reads.
  if (error.code === "HPE_HEADER_OVERFLOW")
    error = { code: "UND_ERR_HEADERS_OVERFLOW", message: "Headers Overflow Error" };
  return new TypeError("fetch failed", { cause: error });
}
