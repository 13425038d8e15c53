import type { IncomingMessage, ServerResponse } from "node:http";
import type { Webhooks } from "./webhooks.js";
import type { WebhookEventHandlerError } from "./types.js";

/**
 * The Node and the web middleware: one set of answers (which requests are deliveries, the body
 * bound, the answer for a delivery), read from `node:http` or from a `Request`. Answers follow
 * @octokit/webhooks' middleware (status codes and `ok` on success) so a port keeps its tests.
 * `node:http` is a type import only: a bundle for an edge runtime has no Node module.
 */

/** GitHub caps webhook payloads at 25 MB ("Webhook events and payloads"); anything larger is not from it. */
const MAX_BODY = 25 * 1024 * 1024;

/** `createNodeMiddleware` / `createWebMiddleware` options. */
export interface MiddlewareOptions {
  /** The path deliveries arrive at (default `/api/github/webhooks`, as @octokit/webhooks). */
  path?: string | undefined;
}

interface Answer {
  status: number;
  body: string;
}

const pathOf = (options: MiddlewareOptions | undefined) => options?.path ?? "/api/github/webhooks";

const REQUIRED = ["x-github-event", "x-hub-signature-256", "x-github-delivery"] as const;

/** Before the body is read: an answer when the request is not a delivery this middleware takes. */
function precheck(method: string, header: (name: string) => string | undefined, path: string): Answer | undefined {
  if (method !== "POST") return { status: 404, body: `Unknown route: ${method} ${path}\n` };
  const type = header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return { status: 415, body: `Unsupported Media Type: set the webhook's content type to application/json\n` };
  const missing = REQUIRED.filter((name) => !header(name));
  if (missing.length) return { status: 400, body: `Required headers missing: ${missing.join(", ")}\n` };
  if (Number(header("content-length")) > MAX_BODY) return tooLarge();
  return undefined;
}

const tooLarge = (): Answer => ({ status: 413, body: `Payload Too Large: over ${MAX_BODY} bytes\n` });

/** Verify, parse and run the handlers of one delivery; the answer tells GitHub how it went. */
async function deliver(
  webhooks: Webhooks,
  header: (name: string) => string | undefined,
  body: string,
): Promise<Answer> {
  try {
    await webhooks.verifyAndReceive({
      id: header("x-github-delivery")!,
      name: header("x-github-event")!,
      payload: body,
      signature: header("x-hub-signature-256")!,
    });
    return { status: 200, body: "ok\n" };
  } catch (error) {
    const status = (error as WebhookEventHandlerError).status === 400 ? 400 : 500;
    // A handler's error message is the app's own; nothing of the request's secret is in it.
    return {
      status,
      body: `${status === 400 ? "Bad Request" : "Internal Server Error"}: ${(error as Error).message}\n`,
    };
  }
}

/**
 * The request body as text, or `undefined` once it passes `MAX_BODY`: buffering stops
 * there and the answer closes the connection. Rejects when the sender goes away first.
 */
function readNodeBody(request: IncomingMessage): Promise<string | undefined> {
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
    const body = await readNodeBody(request).catch(() => null);
    if (body === null) return true; // nobody left to answer
    if (body === undefined) {
      reply(response, tooLarge(), true);
      return true;
    }
    reply(response, await deliver(webhooks, header, body));
    return true;
  };
}

/** The body as text, or `undefined` once it passes `MAX_BODY` (the stream is cancelled there). */
async function readWebBody(request: Request): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) all.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
  return new TextDecoder().decode(all);
}

const respond = (answer: Answer) =>
  new Response(answer.body, { status: answer.status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * A fetch-style handler, `(Request) => Promise<Response>`, for Deno, Bun, Cloudflare Workers and
 * other runtimes with Web Crypto: the same answers as {@link createNodeMiddleware}, and a 404 for
 * other paths.
 *
 * @example
 * Deno.serve(createWebMiddleware(webhooks, { path: "/webhooks" }));
 */
export function createWebMiddleware(webhooks: Webhooks, options?: MiddlewareOptions) {
  const path = pathOf(options);
  return async (request: Request): Promise<Response> => {
    const pathname = new URL(request.url).pathname;
    if (pathname !== path) return respond({ status: 404, body: `Unknown route: ${request.method} ${pathname}\n` });
    const header = (name: string) => request.headers.get(name) ?? undefined;
    const early = precheck(request.method, header, path);
    if (early) return respond(early);
    const body = await readWebBody(request);
    if (body === undefined) return respond(tooLarge());
    return respond(await deliver(webhooks, header, body));
  };
}
