import { isIP } from "node:net";
import { checkServerIdentity, type PeerCertificate } from "node:tls";
import { HttpsProxyAgent } from "https-proxy-agent";

/**
 * https-proxy-agent's CONNECT tunnel, with the TLS name check of a direct connection for a
 * host given as an IP address. For such a host https-proxy-agent 9.1.0 passes neither
 * `host` nor `servername` to `tls.connect`, which then checks the certificate against some
 * other name (the proxy socket's host, else "localhost"): a certificate for "localhost" was
 * accepted and a correct one for the IP refused. Node's own https agent checks the IP
 * against the certificate's IP SANs and sends no SNI (RFC 6066 §3 forbids an IP there);
 * this does the same: no `servername`, and the identity checked is the URL's host.
 */
export class Tunnel extends HttpsProxyAgent<string> {
  override connect(
    req: Parameters<HttpsProxyAgent<string>["connect"]>[0],
    opts: Parameters<HttpsProxyAgent<string>["connect"]>[1],
  ) {
    const host = opts.host;
    if (opts.secureEndpoint && host && isIP(host)) {
      const check =
        (opts as { checkServerIdentity?: typeof checkServerIdentity }).checkServerIdentity ?? checkServerIdentity;
      opts = {
        ...opts,
        checkServerIdentity: (_name: string, cert: PeerCertificate) => check(host, cert),
      } as typeof opts;
    }
    return super.connect(req, opts);
  }
}
