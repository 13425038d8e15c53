import { Readable } from "node:stream";
import type { ClientRequest, IncomingMessage } from "node:http";

/**
 * Guards for node-fetch 2 (cross-fetch's Node implementation): it pipes the socket into
 * a PassThrough without forwarding errors, so a connection reset mid-body leaves the body
 * pending forever. We watch the response through the agent and fail the body instead.
 */

interface Guard {
  agent: unknown;
  /** Resolves with an error when the response ended before its body was complete. */
  broken: Promise<Error>;
  /** The response's `location` header exactly as the server sent it. */
  location?: string;
}

/** Wrap `agent` so that we see the request and response node-fetch makes with it. */
export function guardedAgent(agent: unknown): Guard {
  let fail: (error: Error) => void = () => {};
  const broken = new Promise<Error>((resolve) => (fail = resolve));
  const base = agent as { addRequest: (req: ClientRequest, options: unknown) => void };
  const wrapped = Object.create(base) as typeof base;
  const guard: Guard = { agent: wrapped, broken };
  wrapped.addRequest = (req, options) => {
    req.once("response", (res: IncomingMessage) => {
      if (res.headers.location !== undefined) guard.location = res.headers.location;
      res.once("close", () => {
        if (!res.complete) fail(Object.assign(new Error("connection reset before the body was complete"), { code: "ECONNRESET" }));
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
  body: (Readable & { destroy(error?: Error): void }) | null;
}

/** Adapt node-fetch's response to a WHATWG Response whose body errors on a reset. */
export function toWebResponse(response: NodeFetchResponse, guard: Guard): globalThis.Response {
  const headers = new Headers();
  response.headers.forEach((value, name) => headers.append(name, value));
  if (guard.location !== undefined) headers.set("location", guard.location);
  const nullBody = response.status === 204 || response.status === 205 || response.status === 304 || !response.body;
  if (response.body) void guard.broken.then((error) => response.body!.destroy(error));
  const body = nullBody ? null : (Readable.toWeb(response.body as Readable) as ReadableStream);
  if (nullBody) response.body?.resume();
  const web = new Response(body, { status: response.status, statusText: response.statusText, headers });
  Object.defineProperty(web, "url", { value: response.url });
  return web;
}
