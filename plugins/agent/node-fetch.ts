import { PassThrough, pipeline, Readable } from "node:stream";
import { constants, createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { ClientRequest, IncomingMessage } from "node:http";

/**
 * Guards for node-fetch 2 (cross-fetch's Node implementation). We read the body from the
 * socket's own IncomingMessage, not from node-fetch's copy of it, because node-fetch:
 * - pipes the socket into a PassThrough without forwarding errors, so a connection reset
 *   mid-body leaves its body pending forever;
 * - destroys a complete chunked body with "Premature close" when a keep-alive agent hands
 *   the socket to a queued request in the same tick the response ended (node-fetch#1767):
 *   under concurrency, bodies were lost ("Response body object should not be disturbed").
 * node-fetch still sends the request; its own body is drained and ignored.
 */

interface Guard {
  agent: unknown;
  /** Resolves with an error when the response ended before its body was complete. */
  broken: Promise<Error>;
  /** The response's `location` header exactly as the server sent it. */
  location?: string;
  /** The response body, decoded, read from the IncomingMessage from its first byte. */
  body?: Readable;
}

/** Lenient like browsers and node-fetch: a truncated final block still yields its data. */
const GZIP = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI = { flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH };
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: () => createGunzip(GZIP),
  "x-gzip": () => createGunzip(GZIP),
  deflate: () => createInflate(GZIP),
  br: () => createBrotliDecompress(BROTLI),
};

/** What the transport asks for when the caller did not choose (fetch asks for the same). */
export const ACCEPT_ENCODING = "gzip, deflate, br";

/** `res` decoded per its `content-encoding`; errors (a reset, bad gzip) reach the returned stream. */
function decoded(res: IncomingMessage): Readable {
  const decoder =
    DECODERS[
      String(res.headers["content-encoding"] ?? "")
        .trim()
        .toLowerCase()
    ];
  return pipeline(res, decoder ? decoder() : new PassThrough(), () => {}) as unknown as Readable;
}

/** Wrap `agent` so that we see the request and response node-fetch makes with it. */
export function guardedAgent(agent: unknown): Guard {
  let fail: (error: Error) => void = () => {};
  const broken = new Promise<Error>((resolve) => (fail = resolve));
  const base = agent as { addRequest: (req: ClientRequest, options: unknown) => void };
  const wrapped = Object.create(base) as typeof base;
  const guard: Guard = { agent: wrapped, broken };
  wrapped.addRequest = (req, options) => {
    // Registered before node-fetch's own listener: we read the body from its first byte.
    req.once("response", (res: IncomingMessage) => {
      if (res.headers.location !== undefined) guard.location = res.headers.location;
      guard.body = decoded(res);
      res.once("close", () => {
        if (!res.complete)
          fail(Object.assign(new Error("connection reset before the body was complete"), { code: "ECONNRESET" }));
      });
    });
    base.addRequest.call(base, req, options);
  };
  return guard;
}

interface NodeFetchResponse {
  status: number;
  statusText: string;
  url: string;
  headers: { forEach(cb: (value: string, name: string) => void): void };
  body: Readable | null;
}

/** Adapt node-fetch's response to a WHATWG Response whose body is ours and errors on a reset. */
export function toWebResponse(response: NodeFetchResponse, guard: Guard): globalThis.Response {
  const headers = new Headers();
  response.headers.forEach((value, name) => headers.append(name, value));
  if (guard.location !== undefined) headers.set("location", guard.location);
  // node-fetch's copy of the body: drained so it never holds the socket back, then ignored.
  response.body?.resume();
  const source = guard.body;
  const nullBody = [204, 205, 304].includes(response.status) || !source;
  if (source) void guard.broken.then((error) => source.destroy(error));
  if (nullBody) source?.resume();
  const body = nullBody ? null : (Readable.toWeb(source) as ReadableStream);
  const web = new Response(body, { status: response.status, statusText: response.statusText, headers });
  Object.defineProperty(web, "url", { value: response.url });
  return web;
}
