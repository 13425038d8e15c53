// node-fetch 2 destroys a complete chunked body with "Premature close" when a keep-alive
// agent hands the socket to a queued request in the same tick the response ended
// (node-fetch#1767). Through the agent transport, concurrent requests failed with
// "Response body object should not be disturbed or locked". plugins/agent/fetch.ts
// now reads the body from the IncomingMessage itself.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { startServer, type TestServer } from "../helpers/server.js";
import { WithAgent } from "../helpers/security.js";

const test = suite("regression: agent keep-alive bodies survive socket reuse");
const BIG = "x".repeat(200_000);
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "*": async (req, res) => {
      const n = Number(req.query.get("n"));
      await new Promise((r) => setTimeout(r, (n * 7) % 11));
      // No content-length: chunked, usually in one write with the headers.
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ n, big: req.path === "/big" ? BIG : "" }));
    },
  });
});
test.after(() => server.close());

for (const [path, count, maxSockets] of [
  ["/small", 40, 2],
  ["/big", 12, 3],
] as const) {
  test(`${count} concurrent ${path} chunked responses over ${maxSockets} keep-alive sockets all arrive whole`, async () => {
    const httpAgent = new Agent({ keepAlive: true, maxSockets });
    const client = new WithAgent({ baseUrl: server.url, agent: httpAgent });
    const results = await Promise.allSettled(
      Array.from({ length: count }, (_, n) => client.request(`GET ${path}`, { n })),
    );
    httpAgent.destroy();
    const failures = results.flatMap((result, n) =>
      result.status === "rejected" ? [`${n}: ${(result.reason as Error).message}`] : [],
    );
    assert.equal(failures, []);
    results.forEach((result, n) => {
      const data = (result as PromiseFulfilledResult<{ data: { n: number; big: string } }>).value.data;
      assert.is(data.n, n);
      assert.is(data.big.length, path === "/big" ? BIG.length : 0);
    });
  });
}

test.run();
