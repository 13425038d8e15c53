// Guards the agent transport's own decoding (plugins/agent/node-http.ts reads the body
// itself since the keep-alive fix): it asks for gzip, deflate and br like fetch does, decodes
// each the same way fetch does, respects a caller's accept-encoding, and a corrupt
// compressed body is a NetworkError on both transports.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { NetworkError } from "../../kernel/index.js";
import { send, startServer, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("regression: compressed bodies on both transports");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const DATA = { items: Array.from({ length: 500 }, (_, n) => ({ id: n, title: `issue ${n}` })) };
const ENCODE: Record<string, (input: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
  identity: (input) => input,
};
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /data": (req, res) => {
      const encoding = String(req.query.get("encoding"));
      const body = ENCODE[encoding]!(Buffer.from(JSON.stringify(DATA)));
      send(res, {
        headers: {
          "content-type": "application/json",
          ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        },
        body,
      });
    },
    "GET /corrupt": {
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: Buffer.from("definitely not gzip"),
    },
    "GET /asked": (req) => ({ body: { accept: req.headers["accept-encoding"] ?? null } }),
  });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});

for (const name of ["fetch", "agent"] as const) {
  for (const encoding of Object.keys(ENCODE)) {
    test(`${name}: a ${encoding} body is decoded`, async () => {
      const { data } = await make[name]({ baseUrl: server.url }).request("GET /data", { encoding });
      assert.equal(data, DATA);
    });
  }

  test(`${name}: a corrupt gzip body is a NetworkError`, async () => {
    const error = await make[name]({ baseUrl: server.url })
      .request("GET /corrupt")
      .catch((e: unknown) => e);
    assert.instance(error, NetworkError);
  });
}

test("agent: asks for gzip, deflate and br unless the caller chose", async () => {
  const client = make.agent({ baseUrl: server.url });
  assert.is((await client.request("GET /asked")).data.accept, "gzip, deflate, br");
  assert.is(
    (await client.request("GET /asked", { headers: { "accept-encoding": "identity" } })).data.accept,
    "identity",
  );
});

test.run();
