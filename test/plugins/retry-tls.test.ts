// A certificate the client does not trust is final: the retry plugin does not dial again
// (each attempt would fail the same way). On both transports, against a real TLS server
// on 127.0.0.1 whose self-signed certificate is made with openssl at test time.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:https";
import { Agent } from "node:https";
import type { AddressInfo } from "node:net";
import { NetworkError } from "../../kernel/index.js";
import { retry } from "../../plugins/retry/index.js";
import { selfSignedCertificate, WithAgent } from "../helpers/security.js";

const test = suite("retry: certificate errors are not retried");
const certificate = selfSignedCertificate();
// Without openssl there is no certificate: reported as skipped (run.mjs counts skips), never as passed.
const tlsTest = certificate ? test : test.skip;
const Retrying = WithAgent.plugin(retry);
const httpsAgent = new Agent({ keepAlive: true });
let server: Server;
let url: string;
let connections = 0;

test.before(async () => {
  if (!certificate) return;
  server = createServer({ cert: certificate.cert, key: certificate.key }, (_req, res) => res.end("{}"));
  server.on("connection", () => connections++);
  server.on("tlsClientError", () => {});
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(async () => {
  httpsAgent.destroy();
  if (server) await new Promise((done) => server.close(done));
  certificate?.remove();
});

for (const name of ["fetch", "agent"] as const) {
  tlsTest(`${name}: an untrusted certificate → one connection, a NetworkError naming the TLS code`, async () => {
    connections = 0;
    const client = new Retrying({
      baseUrl: url,
      retry: { delay: 1, retries: 3 },
      ...(name === "agent" ? { agent: httpsAgent } : {}),
    });
    const error = await client.request("GET /").catch((e: unknown) => e);
    assert.instance(error, NetworkError);
    assert.match((error as Error).message, /no response: DEPTH_ZERO_SELF_SIGNED_CERT$/);
    assert.is(connections, 1);
  });
}

test.run();
