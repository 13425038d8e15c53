// A real HTTP server on 127.0.0.1 (port 0) for behaviour tests: records every request
// and answers from a route table. Handlers can reply, delay, or break the connection.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface Recorded {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string | number>;
  /** Objects are sent as JSON; strings and buffers as they are. */
  body?: unknown;
}

export type Handler = (req: Recorded, res: ServerResponse, server: TestServer) => Reply | void | Promise<Reply | void>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: Recorded[];
  /** Set or replace the handler of `"METHOD /path"` (`"* /path"` for any method). */
  route(key: string, handler: Handler | Reply): void;
  close(): Promise<void>;
}

export function send(res: ServerResponse, reply: Reply): void {
  const { status = 200, headers = {}, body } = reply;
  const isJson =
    body !== undefined && typeof body !== "string" && !Buffer.isBuffer(body) && !(body instanceof Uint8Array);
  const payload = body === undefined ? "" : isJson ? JSON.stringify(body) : (body as string | Buffer);
  res.writeHead(status, { ...(isJson ? { "content-type": "application/json; charset=utf-8" } : {}), ...headers });
  res.end(payload);
}

/** Reply helpers for faults. */
export const faults = {
  /** Destroy the connection before any response byte. */
  reset: (): Handler => (_req, res) => void res.socket?.destroy(),
  /** Send headers and part of the body, then reset the connection. */
  resetMidBody:
    (contentLength = 1000, partial = '{"partial":'): Handler =>
    (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(contentLength) });
      res.write(partial);
      setTimeout(() => res.socket?.destroy(), 20);
    },
  /** Wait `ms` before replying. */
  delay:
    (ms: number, reply: Reply = { body: {} }): Handler =>
    (_req, res) =>
      new Promise<void>((done) => setTimeout(() => (res.destroyed ? done() : (send(res, reply), done())), ms)),
  /** Send headers at once, the body after `ms`. */
  slowBody:
    (ms: number, body = '{"ok":true}'): Handler =>
    (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) });
      res.flushHeaders();
      setTimeout(() => !res.destroyed && res.end(body), ms);
    },
};

export async function startServer(routes: Record<string, Handler | Reply> = {}): Promise<TestServer> {
  const table = new Map<string, Handler | Reply>(Object.entries(routes));
  const sockets = new Set<Socket>();
  const api: TestServer = { url: "", requests: [], route: (key, handler) => void table.set(key, handler), close };
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("error", () => {});
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parsed = new URL(req.url ?? "/", "http://127.0.0.1");
    const recorded: Recorded = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    api.requests.push(recorded);
    const handler =
      table.get(`${recorded.method} ${recorded.path}`) ?? table.get(`* ${recorded.path}`) ?? table.get("*");
    if (!handler)
      return send(res, {
        status: 404,
        body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
      });
    try {
      const reply = typeof handler === "function" ? await handler(recorded, res, api) : handler;
      if (reply && !res.headersSent && !res.destroyed) send(res, reply);
    } catch (error) {
      if (!res.headersSent) send(res, { status: 500, body: { message: String(error) } });
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  function close(): Promise<void> {
    for (const socket of sockets) socket.destroy();
    return new Promise((done) => server.close(() => done()));
  }
  return api;
}
