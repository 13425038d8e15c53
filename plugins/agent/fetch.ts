import {
  request as httpRequest,
  type ClientRequest as NodeRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import type { Fetch, TransportRequest, TransportResponse } from "../../kernel/index.js";
import { ACCEPT_ENCODING, BodyChunks, bodyStream, readBody } from "./node-http.js";
import { agentFor, isRedirect, nextHop, TUNNEL_WAIT, type Hop, type TunnelWait } from "./redirect.js";
import type { Socket } from "node:net";
// node:timers' own, not the global a test's fake clock replaces: like node:http's timers, internal.
import { clearTimeout, setTimeout } from "node:timers";

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
    const options: {
      method: string;
      headers: OutgoingHttpHeaders;
      agent: never;
      signal?: AbortSignal;
      [TUNNEL_WAIT]?: TunnelWait;
    } = { method: hop.init.method ?? "GET", headers: hop.init.headers, agent: agent as never };
    if (signal) options.signal = signal;
    // A proxy's tunnel (plugins/agent/tunnel.ts): its CONNECT is bounded by the request's limits.
    if (typeof (agent as { connect?: unknown } | undefined)?.connect === "function")
      options[TUNNEL_WAIT] = { signal: signal ?? undefined, idle };
    const upgraded = (_res: IncomingMessage, socket: { destroy(): void }) => {
      socket.destroy();
      reject(failed({ code: "UND_ERR_SOCKET", message: "bad upgrade" }));
    };
    // A 101 without an `upgrade` field reaches node:http's response callback: refused as
    // fetch refuses it (RFC 9110 §15.2.2: a 101 names the protocol switched to).
    const req = (https ? httpsRequest : httpRequest)(hop.url, options, (res) =>
      res.statusCode === 101 ? upgraded(res, res) : resolve(res),
    );
    // `on`, not `once`: the request is this call's own, and a second error finds a listener.
    req.on("error", (error) => reject(failed(error)));
    req.on("upgrade", upgraded).on("connect", upgraded);
    if (idle > 0) req.on("socket", (socket) => watchIdle(socket, req, idle, expire));
    if (body instanceof Readable) body.once("error", (error) => req.destroy(error)).pipe(req);
    else req.end(body ?? undefined);
  });
}

/** `request.idleTimeout` passed without a byte (`watchIdle` below): fail with undici's code for the same limit. */
function expire(req: ClientRequest, idle: number): void {
  const res = req.res;
  const code = res ? "UND_ERR_BODY_TIMEOUT" : "UND_ERR_HEADERS_TIMEOUT";
  const error = failed(Object.assign(new Error(`no byte from the server for ${idle} ms`), { code })) as Error;
  // The body's reader hears it from the response (plugins/agent/node-http.ts); a
  // redirect's body, drained unread, has nobody listening.
  res ? res.once("error", () => {}).destroy(error) : req.destroy(error);
}

/**
 * Send with `agent`, following redirects safely; resolves when the final head arrived, with
 * the hop that got it and its fields.
 */
async function exchange(
  request: TransportRequest,
  agent: unknown,
  apiOnly?: readonly string[],
): Promise<{ res: IncomingMessage; hop: Hop; head: Head }> {
  const headers = { "accept-encoding": ACCEPT_ENCODING, ...request.headers };
  // No promise to wait for when there is no body to encode (most requests).
  let body = request.body === null ? null : await toBody(request.body, headers);
  let hop: Hop = { url: request.url, init: { method: request.method, body: body as never, headers } };
  const idle = request.options.idleTimeout;
  for (let hops = 1; ; hops++) {
    // Every hop, the first too: a Link or a redirect may change the scheme (an https agent
    // for an http URL would be refused by Node, and retried, without ever being sent).
    const res = await requestHop(hop, agentFor(agent, hop.url), body, request.signal, idle);
    const head = new Head(res.rawHeaders);
    if (request.redirect === "manual" || !isRedirect(res.statusCode!, head.location)) return { res, hop, head };
    res.resume();
    hop = nextHop(hop, res.statusCode!, head.location, hops, apiOnly);
    body = hop.init.body as Body;
  }
}

/**
 * The node:http(s) transport over `agent` (`undefined`: Node's global agent): the kernel's
 * {@link TransportRequest} in, the head and the decoded body stream out.
 */
export async function send(
  request: TransportRequest,
  agent: unknown,
  apiOnly?: readonly string[],
): Promise<TransportResponse> {
  const { res, hop, head } = await exchange(request, agent, apiOnly);
  const status = res.statusCode!;
  let body: TransportResponse["body"] = null;
  if (hop.init.method === "HEAD" || status === 204 || status === 205 || status === 304) res.resume();
  else {
    const decoded = bodyStream(res, head.fields["content-encoding"]);
    // A stream for the caller (`parseSuccessResponseBody: false`): Node's own conversion.
    body =
      status < 400 && request.options.parseSuccessResponseBody === false
        ? (Readable.toWeb(decoded) as ReadableStream<Uint8Array>)
        : new BodyChunks(res, decoded);
  }
  return { status, statusText: res.statusMessage ?? "", url: hop.url, headers: head.fields, body };
}

/** A `fetch` over node:http(s) that uses `agent` for its connections and follows redirects safely. */
export function agentFetch(agent: unknown): Fetch {
  return async (url, init = {}) => {
    const { res, hop, head } = await exchange(
      {
        method: init.method ?? "GET",
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ?? null,
        redirect: init.redirect === "manual" ? "manual" : "follow",
        signal: init.signal ?? undefined,
        options: {},
      },
      agent,
    );
    const status = res.statusCode!;
    const none = hop.init.method === "HEAD" || status === 204 || status === 205 || status === 304;
    const bytes = none ? (res.resume(), null) : await readBody(res, head.fields["content-encoding"]);
    const web = new Response(bytes as BodyInit | null, {
      status,
      statusText: res.statusMessage ?? "",
      headers: pairs(res.rawHeaders),
    });
    Object.defineProperty(web, "url", { value: hop.url });
    return web;
  };
}

/** `[name, value]` pairs of node:http's alternating `rawHeaders` (a repeated `set-cookie` stays repeated). */
const pairs = (raw: string[]) => raw.flatMap((name, i) => (i % 2 ? [] : [[name, raw[i + 1]!] as [string, string]]));

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
    // A server answers with the same fields in the same order, response after response: the
    // names and their order are worked out once, and reused while they repeat.
    let known = order.length === count;
    for (let i = 0; known && i < count; i++) known = raw[2 * i] === received[i];
    if (!known) sortNames(raw, count);
    let location: string | undefined;
    const fields: Record<string, string> = (this.fields = {});
    let last: string | undefined;
    for (const i of order) {
      const name = names[i]!;
      const value = raw[2 * i + 1]!.trim();
      if (location === undefined && name === "location") location = value;
      if (name !== last) fields[(last = name)] = value;
      else fields[name] = name === "set-cookie" ? value : `${fields[name]}, ${value}`;
    }
    this.location = location;
  }
}

/** The last head's names as received, lower-cased, and the order that sorts them (repeated names as received). */
let received: string[] = [];
let names: string[] = [];
let order: number[] = [];

function sortNames(raw: string[], count: number): void {
  received = new Array(count);
  names = new Array(count);
  order = new Array(count);
  for (let i = 0; i < count; i++) {
    const name = (names[i] = (received[i] = raw[2 * i]!).toLowerCase());
    // Sorted by insertion as they are read, for the few dozen fields of a real head.
    let at = i;
    if (count <= 64) for (; at > 0 && names[order[at - 1]!]! > name; at--) order[at] = order[at - 1]!;
    order[at] = i;
  }
  // Past that (node:http keeps up to 2000), a sort that stays O(n log n) for any server.
  if (count > 64) order.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b));
}

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

/**
 * `request.idleTimeout` for the node:http transport: one timer per socket, made when the socket
 * serves its first request and refreshed for each next one, instead of node:http's
 * `req.setTimeout`, which makes a timer and four listeners per request (and the keep-alive
 * agent a second timer when the socket goes back to its pool). The timer ticks four times per
 * `idle` ms and compares the socket's byte counts: a request fails after `idle` to 1.25 × `idle`
 * ms without a byte either way. It rests (no tick) once its request is done.
 */
interface Watch {
  timer: ReturnType<typeof setTimeout>;
  idle: number;
  req: ClientRequest | undefined;
  /** Bytes read and written when last looked at, and the ticks since they last changed. */
  seen: number;
  still: number;
}

/** node:http sets `res` once the response head arrived (not in its published types). */
type ClientRequest = NodeRequest & { res?: IncomingMessage | null };

const WATCH = Symbol("forgekit.idleWatch");
type Watched = Socket & { [WATCH]?: Watch };
const TICKS = 4;

/** Watch `socket` for `req`: `expire(req, idle)` runs once `idle` ms passed without a byte. */
function watchIdle(
  socket: Watched,
  req: ClientRequest,
  idle: number,
  expire: (req: ClientRequest, idle: number) => void,
): void {
  let watch = socket[WATCH];
  if (watch?.idle === idle) watch.timer.refresh();
  else {
    if (watch) clearTimeout(watch.timer);
    else socket.once("close", () => clearTimeout(socket[WATCH]!.timer));
    const made: Watch = { timer: undefined!, idle, req, seen: 0, still: 0 };
    made.timer = setTimeout(tick, idle / TICKS, socket, made, expire).unref();
    socket[WATCH] = watch = made;
  }
  watch.req = req;
  watch.seen = socket.bytesRead + socket.bytesWritten;
  watch.still = 0;
}

function tick(socket: Watched, watch: Watch, expire: (req: ClientRequest, idle: number) => void): void {
  const { req } = watch;
  // Done (its response complete, or failed), or the socket went on to another request.
  if (!req || req.destroyed || req.res?.complete || req.socket !== socket) return void (watch.req = undefined);
  const bytes = socket.bytesRead + socket.bytesWritten;
  if (bytes !== watch.seen) ((watch.seen = bytes), (watch.still = 0));
  else if (++watch.still >= TICKS) return void ((watch.req = undefined), expire(req, watch.idle));
  watch.timer.refresh();
}
