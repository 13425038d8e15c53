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
    const options: { method: string; headers: OutgoingHttpHeaders; agent: never; signal?: AbortSignal } = {
      method: hop.init.method ?? "GET",
      headers: hop.init.headers,
      agent: agent as never,
    };
    if (signal) options.signal = signal;
    let headed: IncomingMessage | undefined;
    const upgraded = (_res: IncomingMessage, socket: { destroy(): void }) => {
      socket.destroy();
      reject(failed({ code: "UND_ERR_SOCKET", message: "bad upgrade" }));
    };
    // A 101 without an `upgrade` field reaches node:http's response callback: refused as
    // fetch refuses it (RFC 9110 §15.2.2: a 101 names the protocol switched to).
    const req = (https ? httpsRequest : httpRequest)(hop.url, options, (res) =>
      res.statusCode === 101 ? upgraded(res, res) : resolve((headed = res)),
    );
    req.once("error", (error) => reject(failed(error)));
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
  return (url, init) => send(agent, idle, stream, url, init);
}

/** {@link agentTransport}'s request, without a function made per request (plugins/agent/index.ts calls it). */
export async function send(
  agent: unknown,
  idle: number | undefined,
  stream: boolean | undefined,
  url: string,
  init: RequestInit & { maxBodyBytes?: number },
  apiOnly?: readonly string[],
): Promise<AgentResponse> {
  const headers = { "accept-encoding": ACCEPT_ENCODING, ...(init.headers as Record<string, string>) };
  // No promise to wait for when there is no body to encode (most requests).
  let body = init.body === null || init.body === undefined ? null : await toBody(init.body, headers);
  // What a hop needs of `init` (plugins/agent/redirect.ts): the signal and limits stay in `init`.
  let hop: Hop = { url, init: { method: init.method ?? "GET", body: body as never, headers } };
  for (let hops = 1; ; hops++) {
    // Every hop, the first too: a Link or a redirect may change the scheme (an https agent
    // for an http URL would be refused by Node, and retried, without ever being sent).
    const res = await requestHop(hop, agentFor(agent, hop.url), body, init.signal, idle);
    const head = new Head(res.rawHeaders);
    if (init.redirect === "manual" || !isRedirect(res.statusCode!, head.location))
      return answer(res, hop, head, init.maxBodyBytes, stream);
    res.resume();
    hop = nextHop(hop, res.statusCode!, head.location, hops, apiOnly);
    body = hop.init.body as Body;
  }
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
 * The head's fields as fetch's Headers has them, read once from node:http's `rawHeaders`
 * (never its `headers` object, built apart from ours): names lower-cased and sorted, repeated
 * values joined with ", " in the order received (a repeated `set-cookie` keeps its last value,
 * as `Object.fromEntries` of fetch's Headers does). `location` is the first one, as
 * node:http's `headers.location` has it. The fields are built sorted, in one object: it
 * becomes the response's `headers` (kernel/response.ts), with no second copy.
 */
class Head {
  readonly fields: Record<string, string>;
  readonly location: string | undefined;
  constructor(raw: string[]) {
    const count = raw.length / 2;
    const names: string[] = new Array(count);
    // Indexes into `names` by name, then as received (repeated names keep their order):
    // sorted by insertion as they are read, for the few dozen fields of a real head.
    const order: number[] = new Array(count);
    let location: string | undefined;
    for (let i = 0; i < count; i++) {
      const name = (names[i] = raw[2 * i]!.toLowerCase());
      if (location === undefined && name === "location") location = raw[2 * i + 1]!.trim();
      let at = i;
      if (count <= 64) for (; at > 0 && names[order[at - 1]!]! > name; at--) order[at] = order[at - 1]!;
      order[at] = i;
    }
    this.location = location;
    // Past that (node:http keeps up to 2000), a sort that stays O(n log n) for any server.
    if (count > 64) order.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b));
    const fields: Record<string, string> = (this.fields = {});
    let last: string | undefined;
    for (const i of order) {
      const name = names[i]!;
      const value = raw[2 * i + 1]!.trim();
      if (name !== last) fields[(last = name)] = value;
      else fields[name] = name === "set-cookie" ? value : `${fields[name]}, ${value}`;
    }
  }
  get(name: string): string | null {
    return this.fields[name.toLowerCase()] ?? null;
  }
  /** forgekit's `response.headers` (kernel/response.ts takes it as it is): the fields, names sorted. */
  sorted(): Record<string, string> {
    return this.fields;
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return Object.entries(this.fields)[Symbol.iterator]();
  }
}

/**
 * The answer as soon as the head arrived, as fetch's Response: the body is read (decoded, and
 * bounded by `limit`) when the kernel asks for it, so a reset mid-body fails after the status
 * is known, as over fetch; it rejects instead of hanging. One object per response, its
 * methods on the prototype.
 */
class Answer implements AgentResponse {
  readonly status: number;
  readonly statusText: string;
  readonly body: { cancel(): Promise<void> } | null;
  #bytes: Promise<Buffer> | undefined;
  // (Fields set in the constructor only: an initializer would be one more function per response.)
  constructor(
    readonly res: IncomingMessage,
    readonly url: string,
    readonly headers: Head,
    nullBody: boolean,
    readonly limit: number | undefined,
    web: ReadableStream | undefined,
  ) {
    this.status = res.statusCode!;
    this.statusText = res.statusMessage ?? "";
    this.body = web ?? (nullBody ? null : this);
    this.#bytes = nullBody || web ? Promise.resolve(EMPTY) : undefined;
  }
  get rawHeaders(): string[] {
    return this.res.rawHeaders;
  }
  /** The body's `cancel()` (the body is this object when it is read whole). */
  cancel(): Promise<void> {
    return Promise.resolve(void this.res.destroy());
  }
  #read(): Promise<Buffer> {
    return (this.#bytes ??= readBody(this.res, this.headers.fields["content-encoding"], this.limit));
  }
  async text(): Promise<string> {
    // TextDecoder drops a leading BOM, as Response.text() does.
    return UTF8.decode(await this.#read());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const data = await this.#read();
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  }
}

function answer(res: IncomingMessage, hop: Hop, head: Head, limit?: number, stream?: boolean): AgentResponse {
  const status = res.statusCode!;
  const nullBody = hop.init.method === "HEAD" || status === 204 || status === 205 || status === 304;
  if (nullBody) res.resume();
  // `request.parseSuccessResponseBody: false`: the kernel hands this stream to the caller.
  const web =
    !nullBody && stream && status < 400
      ? (Readable.toWeb(bodyStream(res, head.fields["content-encoding"])) as ReadableStream)
      : undefined;
  return new Answer(res, hop.url, head, nullBody, limit, web);
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
