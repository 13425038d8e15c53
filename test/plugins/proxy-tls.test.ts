// Through a CONNECT proxy, an HTTPS host given as an IP address had its certificate checked
// against another name (https-proxy-agent 9.1.0 passes none for an IP): a certificate valid
// only for "localhost" was accepted and the token sent, while a correct certificate for the IP
// was refused. The name checked is now the URL's host, with a direct connection's rules: IP
// SANs for an IP and no SNI sent with it; DNS names for a name. Real TLS (certificates made
// by openssl here), a real CONNECT proxy, a child process that trusts the certificates.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttps, type Server as HttpsServer } from "node:https";
import { createServer, connect, type Server, type Socket, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { fileURLToPath } from "node:url";
import { selfSignedCertificate, type Certificate } from "../helpers/security.js";

const test = suite("agent: TLS through a proxy checks the URL's host, IPs included");
const forIp = selfSignedCertificate("IP:127.0.0.1");
const forLocalhost = selfSignedCertificate("DNS:localhost");
let trusted: string;
let proxy: Server;
let proxyUrl: string;
const servers: Record<
  "ip" | "localhost",
  { server: HttpsServer; port: number; seen: Array<{ sni: unknown; auth: unknown }> }
> = {} as never;
const sockets = new Set<Socket>();
const tunnels: string[] = [];

async function httpsServer(certificate: Certificate) {
  const seen: Array<{ sni: unknown; auth: unknown }> = [];
  const server = createHttps({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    seen.push({ sni: (req.socket as TLSSocket).servername, auth: req.headers.authorization });
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

test.before(async () => {
  if (!forIp || !forLocalhost)
    throw new Error("openssl is needed to make the test's certificates (apt-get install openssl)");
  const dir = mkdtempSync(join(tmpdir(), "forgekit-proxy-tls-"));
  trusted = join(dir, "trusted.pem");
  writeFileSync(trusted, Buffer.concat([forIp.cert, forLocalhost.cert]));
  servers.ip = await httpsServer(forIp);
  servers.localhost = await httpsServer(forLocalhost);
  proxy = createServer((client) => {
    sockets.add(client);
    client.once("data", (head) => {
      const where = head.toString("latin1").split(" ")[1] ?? "";
      tunnels.push(where);
      const colon = where.lastIndexOf(":");
      const upstream = connect(Number(where.slice(colon + 1)), where.slice(0, colon).replace(/^\[|\]$/g, ""), () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client).pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
test.after(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((done) => proxy.close(done));
  for (const { server } of Object.values(servers)) server.close();
  forIp?.remove();
  forLocalhost?.remove();
  rmSync(join(trusted, ".."), { recursive: true, force: true });
});
test.before.each(() => {
  tunnels.length = 0;
  for (const { seen } of Object.values(servers)) seen.length = 0;
});

interface Outcome {
  transport: string;
  url: string;
  proxy: boolean;
  status?: number;
  error?: string;
  code?: string;
}

function run(cases: Array<{ transport: "fetch" | "node" | "agent"; url: string; proxy?: string }>): Promise<Outcome[]> {
  const child = fileURLToPath(new URL("../security/fixtures/proxy-tls-client.ts", import.meta.url));
  const register = fileURLToPath(new URL("../helpers/register.mjs", import.meta.url));
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: trusted };
  for (const name of ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"])
    delete env[name];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ["--import", register, child, JSON.stringify(cases)],
      { env, timeout: 30_000 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\n${stderr}`))
          : resolve(
              stdout
                .trim()
                .split("\n")
                .map((line) => JSON.parse(line) as Outcome),
            ),
    ),
  );
}

const url = (which: "ip" | "localhost", host: string) => `https://${host}:${servers[which].port}/x`;

test("through the proxy, https://127.0.0.1 with a certificate for the IP → accepted, no SNI sent", async () => {
  const [outcome] = await run([{ transport: "node", url: url("ip", "127.0.0.1"), proxy: proxyUrl }]);
  assert.equal(outcome, { transport: "node", url: url("ip", "127.0.0.1"), proxy: true, status: 200 });
  assert.equal(tunnels, [`127.0.0.1:${servers.ip.port}`]);
  // Node's TLS server reports `false` when the client sent no server name.
  assert.equal(servers.ip.seen, [{ sni: false, auth: "token ghp_proxytls" }]);
});

test("through the proxy, https://127.0.0.1 with a certificate for localhost only → refused, no token sent", async () => {
  const [outcome] = await run([{ transport: "node", url: url("localhost", "127.0.0.1"), proxy: proxyUrl }]);
  assert.is(outcome!.code, "ERR_TLS_CERT_ALTNAME_INVALID", JSON.stringify(outcome));
  assert.match(
    outcome!.error!,
    /^NetworkError: GET https:\/\/127\.0\.0\.1:\d+\/x → no response: ERR_TLS_CERT_ALTNAME_INVALID/,
  );
  assert.equal(tunnels, [`127.0.0.1:${servers.localhost.port}`]);
  assert.equal(servers.localhost.seen, []);
});

test("through the proxy, https://localhost: checked against the name, sent as SNI", async () => {
  const outcomes = await run([
    { transport: "node", url: url("localhost", "localhost"), proxy: proxyUrl },
    { transport: "node", url: url("ip", "localhost"), proxy: proxyUrl },
  ]);
  assert.is(outcomes[0]!.status, 200, JSON.stringify(outcomes[0]));
  assert.equal(servers.localhost.seen, [{ sni: "localhost", auth: "token ghp_proxytls" }]);
  assert.is(outcomes[1]!.code, "ERR_TLS_CERT_ALTNAME_INVALID", JSON.stringify(outcomes[1]));
  assert.equal(servers.ip.seen, []);
});

test("direct, on every transport: the same rules (IP certificate for the IP, none for localhost-only)", async () => {
  const outcomes = await run(
    (["fetch", "node", "agent"] as const).flatMap((transport) => [
      { transport, url: url("ip", "127.0.0.1") },
      { transport, url: url("localhost", "127.0.0.1") },
    ]),
  );
  for (const outcome of outcomes) {
    if (outcome.url.includes(String(servers.ip.port))) assert.is(outcome.status, 200, JSON.stringify(outcome));
    else assert.is(outcome.code, "ERR_TLS_CERT_ALTNAME_INVALID", JSON.stringify(outcome));
  }
  assert.is(servers.ip.seen.length, 3);
  assert.equal(servers.localhost.seen, []);
  assert.equal(tunnels, []);
});

test.run();
