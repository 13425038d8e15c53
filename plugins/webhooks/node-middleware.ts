import type { IncomingMessage, ServerResponse } from "node:http";
import { deliver, MAX_BODY, pathOf, precheck, tooLarge, type Answer, type MiddlewareOptions } from "./middleware.js";
import type { Webhooks } from "./webhooks.js";

/**
 * The request body as text, or `undefined` once it passes {@link MAX_BODY}: buffering stops
 * there and the answer closes the connection. Rejects when the sender goes away first.
 */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (settle: () => void) => {
      request.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      settle();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      // Nothing more is kept; the rest is read and dropped so that the sender, still writing,
      // sees the 413 rather than a reset connection.
      else finish(() => (request.resume(), done(undefined)));
    };
    const onEnd = () => finish(() => done(Buffer.concat(chunks).toString("utf8")));
    const onError = (error: Error) => finish(() => fail(error));
    const onClose = () => finish(() => fail(new Error("the sender closed the connection before the body ended")));
    request.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

function reply(response: ServerResponse, answer: Answer, close = false) {
  response.writeHead(answer.status, {
    "content-type": "text/plain; charset=utf-8",
    ...(close ? { connection: "close" } : {}),
  });
  response.end(answer.body);
}

/**
 * A `node:http` (and Express, Connect…) handler for webhook deliveries at `options.path`: 200
 * once the handlers ran, 400 for a missing or bad signature or missing headers, 413 for a body
 * over GitHub's 25 MB cap (before it is buffered), 500 (and `onError`) when a handler threw.
 * Other paths go to `next()` or get a 404. Resolves to whether it answered the request.
 *
 * @example
 * createServer(createNodeMiddleware(webhooks, { path: "/webhooks" })).listen(3000);
 */
export function createNodeMiddleware(webhooks: Webhooks, options?: MiddlewareOptions) {
  const path = pathOf(options);
  return async (request: IncomingMessage, response: ServerResponse, next?: () => void): Promise<boolean> => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    if (pathname !== path) {
      if (next) {
        next();
        return false;
      }
      reply(response, { status: 404, body: `Unknown route: ${request.method} ${pathname}\n` });
      return true;
    }
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const early = precheck(request.method ?? "GET", header, path);
    if (early) {
      // The body is not read: close the connection rather than drain up to 25 MB.
      reply(response, early, early.status === 413);
      return true;
    }
    const body = await readBody(request).catch(() => null);
    if (body === null) return true; // nobody left to answer
    if (body === undefined) {
      reply(response, tooLarge(), true);
      return true;
    }
    reply(response, await deliver(webhooks, header, body));
    return true;
  };
}
