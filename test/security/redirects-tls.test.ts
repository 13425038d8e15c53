// https → http (and http → https) redirects on both transports. One port speaks TLS and
// plain HTTP, so the two URLs differ by scheme alone: the origin rule, not the port, must
// drop the credentials. The certificate is made with openssl at test time and trusted
// through NODE_EXTRA_CA_CERTS in a child process: TLS is verified, never switched off.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  runTlsClient,
  selfSignedCertificate,
  startDualServer,
  type DualServer,
  type TlsCase,
} from "../helpers/security.js";

const test = suite("security: redirects across schemes (fetch, node:http and agent, verified TLS)");
const certificate = selfSignedCertificate();
// Without openssl there is no certificate: reported as skipped (run.mjs counts skips), never as passed.
const tlsTest = certificate ? test : test.skip;
const CREDENTIALS = ["authorization", "cookie", "proxy-authorization"];
let server: DualServer;

test.before(async () => {
  if (!certificate) return;
  server = await startDualServer(certificate, (req) => {
    const to = (scheme: string) => `${scheme}://127.0.0.1:${server.port}/landing`;
    if (req.url === "/down") return { status: 302, headers: { location: to("http") } };
    if (req.url === "/up") return { status: 307, headers: { location: to("https") } };
    if (req.url === "/same") return { status: 302, headers: { location: "/landing" } };
    return { status: 200, body: req.scheme };
  });
});
test.after(async () => {
  await server?.close();
  certificate?.remove();
});

const runClient = (cases: TlsCase[]) => runTlsClient(certificate!, server.port, cases);

const landing = () => server.requests.filter((r) => r.url === "/landing");
const credentialsOf = (headers: Record<string, unknown>) => CREDENTIALS.filter((name) => headers[name] !== undefined);

for (const transport of ["fetch", "node", "agent"] as const) {
  tlsTest(
    `${transport}: https → http on the same host and port drops authorization, cookie and proxy-authorization`,
    async () => {
      server.requests.length = 0;
      const [result] = await runClient([{ transport, base: "https", path: "/down" }]);
      assert.is(result!.error, undefined, result!.error);
      assert.is(result!.status, 200);
      assert.is(result!.url, `http://127.0.0.1:${server.port}/landing`);
      assert.equal(
        server.requests.map((r) => `${r.scheme} ${r.url}`),
        ["https /down", "http /landing"],
      );
      assert.equal(credentialsOf(server.requests[0]!.headers), CREDENTIALS, "the first request had them");
      assert.equal(credentialsOf(landing()[0]!.headers), []);
      assert.is(landing()[0]!.headers["x-keep"], "kept");
    },
  );

  tlsTest(`${transport}: http → https is cross-origin too; same-origin https keeps the credentials`, async () => {
    server.requests.length = 0;
    const results = await runClient([
      { transport, base: "http", path: "/up" },
      { transport, base: "https", path: "/same" },
    ]);
    assert.equal(
      results.map((r) => r.error),
      [undefined, undefined],
      JSON.stringify(results),
    );
    assert.equal(
      server.requests.map((r) => `${r.scheme} ${r.url}`),
      ["http /up", "https /landing", "https /same", "https /landing"],
    );
    assert.equal(credentialsOf(server.requests[1]!.headers), [], "upgraded: a new origin");
    assert.equal(credentialsOf(server.requests[3]!.headers), CREDENTIALS, "same origin: kept");
  });
}

test.run();
