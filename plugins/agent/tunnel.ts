import type { ClientRequest } from "node:http";
import { isIP, type Socket } from "node:net";
import { checkServerIdentity, type PeerCertificate } from "node:tls";
import { HttpsProxyAgent } from "https-proxy-agent";

type ConnectOptions = Parameters<HttpsProxyAgent<string>["connect"]>[1];
/** The head of the proxy's CONNECT answer, as https-proxy-agent emits it (`proxyConnect`). */
interface ConnectResponse {
  statusCode: number;
  statusText?: string;
}

/**
 * https-proxy-agent's CONNECT tunnel (plugins/agent/proxy.ts makes one per proxy), with two
 * changes:
 *
 * - For a host given as an IP address, the TLS name check of a direct connection.
 *   https-proxy-agent 9.1.0 passes neither `host` nor `servername` to `tls.connect` for one,
 *   which then checks the certificate against some other name (the proxy socket's host, else
 *   "localhost"): a certificate for "localhost" was accepted and a correct one for the IP
 *   refused. Node's own https agent checks an IP against the certificate's IP SANs and sends
 *   no SNI (RFC 6066 §3 allows no IP there); so does this.
 * - A proxy that cannot be reached, hangs up, or answers CONNECT with anything but 200 fails
 *   the request as a connection error that names the proxy (never its credentials) and says
 *   how to fix or bypass it; https-proxy-agent would hand the proxy's 407 or 502 on as if the
 *   API had answered it, and a refused proxy read as a refused api.github.com.
 */
export class Tunnel extends HttpsProxyAgent<string> {
  override async connect(req: ClientRequest, opts: ConnectOptions): Promise<Socket> {
    const host = opts.host;
    if (opts.secureEndpoint && host && isIP(host)) {
      const check =
        (opts as { checkServerIdentity?: typeof checkServerIdentity }).checkServerIdentity ?? checkServerIdentity;
      opts = {
        ...opts,
        checkServerIdentity: (_name: string, cert: PeerCertificate) => check(host, cert),
      } as typeof opts;
    }
    let answer: ConnectResponse | undefined;
    req.once("proxyConnect", (connect: ConnectResponse) => (answer = connect));
    const target = `${host}:${opts.port}`;
    let socket: Socket;
    try {
      socket = await super.connect(req, opts);
    } catch (error) {
      throw this.#failed(error as Error & { code?: string }, target);
    }
    if (!answer || answer.statusCode === 200) return socket;
    socket.destroy();
    const status = `${answer.statusCode} ${answer.statusText ?? ""}`.trim();
    const why =
      answer.statusCode === 407 ? "check the credentials in its URL" : "it could not or would not reach that host";
    throw this.#failed(
      Object.assign(new Error(`proxy answered CONNECT with ${status}`), { code: "ERR_PROXY_TUNNEL" }),
      target,
      `: the proxy ${this.#shown()} answered CONNECT ${target} with ${status} (${why})`,
    );
  }

  /** The proxy's URL without credentials or path: what a message may show. */
  #shown(): string {
    return `${this.proxy.protocol}//${this.proxy.host}`;
  }

  /** `error`, with the `advice` the kernel appends to the NetworkError's message (kernel/transport.ts). */
  #failed(error: Error & { code?: string }, target: string, what?: string): Error {
    // https-proxy-agent's "Proxy connection ended before receiving CONNECT response" has no code.
    error.code ??= "ECONNRESET";
    const happened = what ?? ` at the proxy ${this.#shown()} (is it running, at this address?)`;
    const advice = `${happened}: fix request.proxy (or HTTPS_PROXY/HTTP_PROXY), or bypass the proxy with request.proxy: false or NO_PROXY=${target.replace(/:\d+$/, "")}`;
    return Object.assign(error, { advice });
  }
}
