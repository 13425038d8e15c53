import { Agent, type AgentOptions } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { connect as netConnect, isIP, isIPv6, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { clearTimeout, setTimeout } from "node:timers";
import { connect as tlsConnect, type ConnectionOptions } from "node:tls";
import type { TunnelWait } from "./redirect.js";

// redirect.ts's `TUNNEL_WAIT`, by its registered key: importing the value would make redirect.ts a
// chunk of its own, shared by the transport and the proxy code.
const TUNNEL_WAIT = Symbol.for("forgekit.tunnelWait");

/** The options node:http(s) hands an agent for one connection (the request's, with its TLS options). */
type ConnectOptions = ConnectionOptions & {
  host?: string;
  port?: number | string;
  protocol?: string;
  href?: string;
  [TUNNEL_WAIT]?: TunnelWait;
};
type Done = (error: Error | null, socket: Duplex) => void;

/** The most of a CONNECT answer's head read before giving up on the proxy. */
const HEAD_LIMIT = 16 * 1024;
/** The most of a proxy's status line an error message shows. */
const SHOWN_LIMIT = 80;

/**
 * A keep-alive agent that reaches every host through an HTTP(S) proxy's CONNECT tunnel
 * (plugins/agent/proxy.ts makes one per proxy), for http and https URLs alike: the proxy
 * sees the host and port, never the request or its `authorization`.
 *
 * - The proxy's own credentials (`authorization`, Basic) go in the CONNECT only.
 * - An https host given by name is checked against that name and sent as SNI; one given as
 *   an IP address is checked against the certificate's IP SANs, with no SNI (RFC 6066 §3),
 *   as Node's own https agent does for a direct connection.
 * - A proxy that cannot be reached, hangs up, or answers CONNECT with anything but 200 fails
 *   the request as a connection error that names the proxy (never its credentials) and says
 *   how to fix or bypass it, instead of reading as the API's own answer or failure.
 *
 * `connect` is what plugins/agent/redirect.ts `agentFor` recognises as an agent serving both
 * schemes; the agent has no `protocol`, so node:https accepts it as node:http does.
 */
export class Tunnel extends Agent {
  readonly proxy: URL;
  readonly #authorization: string | undefined;

  constructor(proxy: string, authorization?: string, options?: AgentOptions) {
    super(options);
    this.proxy = new URL(proxy);
    this.#authorization = authorization;
    (this as { protocol?: string | undefined }).protocol = undefined;
  }

  /** Pooled per target, and for https per TLS options too, as node:https's agent pools. */
  override getName(options?: ConnectOptions): string {
    return options?.protocol === "https:"
      ? HttpsAgent.prototype.getName.call(this, options as never)
      : super.getName(options as never);
  }

  /** node:http's hook for a new connection: the tunnel's socket, once the proxy answered 200. */
  override createConnection(options: ConnectOptions, done?: Done): undefined {
    this.connect(options).then(
      (socket) => done!(null, socket),
      (error: Error) => done!(error, undefined as never),
    );
    return undefined;
  }

  /** A connection to `options.host`:`options.port` through the proxy, TLS on top for https. */
  async connect(options: ConnectOptions): Promise<Socket> {
    const host = options.host ?? "localhost";
    const target = `${isIPv6(host) ? `[${host}]` : host}:${portOf(options)}`;
    let socket: Socket;
    try {
      socket = await this.#open(target, options[TUNNEL_WAIT]);
    } catch (error) {
      throw this.#failed(error as Error & { code?: string }, target);
    }
    if (options.protocol !== "https:") return socket;
    const { protocol: _, port: __, path: ___, ...tls } = options as ConnectOptions & { path?: unknown };
    return tlsConnect({ ...tls, socket, host, ...sni(tls.servername ?? host) });
  }

  /** The socket once the proxy answered the CONNECT with 200; rejects with its answer otherwise. */
  async #open(target: string, wait: TunnelWait | undefined): Promise<Socket> {
    const { proxy } = this;
    const host = proxy.hostname.replace(/^\[|\]$/g, "");
    const port = Number(proxy.port) || (proxy.protocol === "https:" ? 443 : 80);
    const socket =
      proxy.protocol === "https:"
        ? tlsConnect({ host, port, ...sni(host), ALPNProtocols: ["http/1.1"] })
        : netConnect({ host, port });
    const head = [`CONNECT ${target} HTTP/1.1`, `host: ${target}`, "proxy-connection: keep-alive"];
    if (this.#authorization) head.push(`proxy-authorization: ${this.#authorization}`);
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const status = await answer(socket, wait).catch((error: Error & { what?: string }) => {
      socket.destroy();
      if (error.what) error.what = `: the proxy ${this.#shown()} ${error.what.replace("%s", () => target)}`;
      throw error;
    });
    if (/^HTTP\/1\.[01] 200\b/.test(status)) return socket;
    socket.destroy();
    const http = /^HTTP\/1\.[01] \d{3}\b/.test(status);
    // Server input: bounded, and only printable ASCII of it in a message.
    let shown = http ? status.slice(9) : status;
    shown = shown.length > SHOWN_LIMIT ? `${shown.slice(0, SHOWN_LIMIT)}…` : shown;
    shown = JSON.stringify(shown)
      .slice(1, -1)
      .replace(/[^\x20-\x7e…]/g, "?");
    const why = !http
      ? "not an HTTP answer: is it an HTTP proxy?"
      : /^407\b/.test(shown)
        ? "check the credentials in its URL"
        : "it could not or would not reach that host";
    throw Object.assign(new Error(`proxy answered CONNECT with ${shown}`), {
      code: "ERR_PROXY_TUNNEL",
      what: `: the proxy ${this.#shown()} answered CONNECT ${target} with ${http ? shown : `"${shown}"`} (${why})`,
    });
  }

  /** The proxy's URL without credentials or path: what a message may show. */
  #shown(): string {
    return `${this.proxy.protocol}//${this.proxy.host}`;
  }

  /** `error`, with the `advice` the kernel appends to the NetworkError's message (kernel/transport.ts). */
  #failed(error: Error & { code?: string; what?: string }, target: string): Error {
    error.code ??= "ECONNRESET";
    const happened = error.what ?? ` at the proxy ${this.#shown()} (is it running, at this address?)`;
    delete error.what;
    const advice = `${happened}: fix request.proxy (or HTTPS_PROXY/HTTP_PROXY), or bypass the proxy with request.proxy: false or NO_PROXY=${target.replace(/:\d+$/, "").replace(/^\[|\]$/g, "")}`;
    return Object.assign(error, { advice });
  }
}

/**
 * The port to reach. node:http fills in an agent's `defaultPort` (80, node:http's) for a URL
 * without one, https URLs too, as this agent serves both: the URL itself says which it is.
 */
function portOf({ href, port, protocol }: ConnectOptions): number | string | undefined {
  if (!href) return port;
  const given = new URL(href).port;
  return given || (protocol === "https:" ? 443 : 80);
}

/** The TLS option that sends `host` as SNI: none for an IP address (RFC 6066 §3). */
const sni = (host: string) => (isIP(host) ? {} : { servername: host });

/**
 * The status line of the proxy's answer to CONNECT, once its head ended. Nothing past the head
 * is read: after a 200 the tunnel's bytes stay in the socket for the request.
 */
function answer(socket: Socket, wait: TunnelWait | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let head = "";
    const { signal, idle = 0 } = wait ?? {};
    const settle = (error?: Error) => {
      socket.off("readable", read).off("end", ended).off("error", settle);
      signal?.removeEventListener("abort", aborted);
      clearTimeout(timer);
      if (error) reject(error);
    };
    const ended = () => settle(new Error("the proxy closed the connection before answering CONNECT"));
    // The request's own error (a TimeoutError, an AbortError) is the kernel's to name.
    const aborted = () =>
      settle(Object.assign(new Error("aborted while the proxy had not answered CONNECT"), { name: "AbortError" }));
    const silent = () =>
      settle(
        Object.assign(new Error(`no answer to CONNECT for ${idle} ms`), {
          code: "UND_ERR_CONNECT_TIMEOUT",
          what: `did not answer CONNECT %s within ${idle} ms (request.idleTimeout)`,
        }),
      );
    const timer = idle > 0 ? setTimeout(silent, idle) : undefined;
    if (signal?.aborted) return aborted();
    signal?.addEventListener("abort", aborted);
    function read() {
      for (let chunk: Buffer | null; (chunk = socket.read() as Buffer | null);) {
        const text = chunk.toString("latin1");
        const end = (head + text).indexOf("\r\n\r\n");
        if (end === -1) {
          head += text;
          if (head.length > HEAD_LIMIT)
            return settle(
              Object.assign(new Error("the proxy's answer to CONNECT has no end of head"), {
                code: "ERR_PROXY_TUNNEL",
                what: `answered CONNECT %s with a head over ${HEAD_LIMIT / 1024} KiB and no end (not an HTTP proxy?)`,
              }),
            );
          continue;
        }
        const rest = end + 4 - head.length;
        if (rest < chunk.length) socket.unshift(chunk.subarray(rest));
        settle();
        return resolve((head + text).slice(0, (head + text).indexOf("\r\n")));
      }
    }
    socket.on("readable", read).on("end", ended).on("error", settle);
  });
}
