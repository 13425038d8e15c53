// Hooks under load and under failure, on both transports: per-request state survives 100
// concurrent requests, and a hook that throws (before, after, error, wrap; at once or
// later) rejects its own request with its own error and leaves the others alone.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { HttpError, type Client, type EndpointOptions } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("faults: hooks under concurrency and failure (fetch and agent)");
// A small pool, so that requests also queue for sockets.
const httpAgent = new Agent({ keepAlive: true, maxSockets: 8 });
const make = transports(httpAgent);
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /echo/{n}": (req) => ({ body: { url: req.url, trace: req.headers["x-trace"] } }),
    "*": async (req) => {
      if (req.path === "/missing") return { status: 404, body: { message: "Not Found" } };
      // Replies out of order: a later request may finish first.
      await new Promise((r) => setTimeout(r, (Number(req.query.get("n")) * 7) % 13));
      return { body: { url: req.url, trace: req.headers["x-trace"] } };
    },
  });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));

type State = { n: number; started: number; seenBefore?: boolean };
const stateOf = (options: EndpointOptions) => options.request.state as State;

for (const name of ["fetch", "agent"] as const) {
  test(`${name}: 100 concurrent requests through before, wrap and after hooks keep their own state`, async () => {
    const client = make[name]({ baseUrl: server.url });
    client.hook.before("request", (options) => {
      stateOf(options).seenBefore = true;
      options.headers["x-trace"] = `trace-${stateOf(options).n}`;
    });
    client.hook.wrap("request", async (request, options) => {
      await new Promise((r) => setTimeout(r, stateOf(options).n % 5));
      const response = await request(options);
      return { ...response, data: { ...response.data, wrapped: stateOf(options).n } };
    });
    const seen: number[] = [];
    client.hook.after("request", (response, options) => {
      assert.is(response.data.trace, `trace-${stateOf(options).n}`, "the response of this request, not another's");
      seen.push(stateOf(options).n);
    });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        client.request("GET /slow", { n, request: { state: { n, started: Date.now() } } }),
      ),
    );
    responses.forEach((response, n) => {
      assert.is(response.data.url, `/slow?n=${n}`);
      assert.is(response.data.trace, `trace-${n}`);
      assert.is(response.data.wrapped, n);
    });
    assert.equal(
      [...seen].sort((a, b) => a - b),
      Array.from({ length: 100 }, (_, n) => n),
    );
    assert.not.equal(
      seen,
      [...seen].sort((a, b) => a - b),
      "they really overlapped",
    );
  });

  type Kind = "before" | "after" | "error" | "wrap";
  const install: Record<Kind, (client: Client, fail: (options: EndpointOptions) => void | Promise<void>) => void> = {
    before: (client, fail) => client.hook.before("request", fail),
    after: (client, fail) => client.hook.after("request", (_response, options) => fail(options)),
    error: (client, fail) =>
      client.hook.error("request", async (error, options) => {
        await fail(options);
        throw error;
      }),
    wrap: (client, fail) =>
      client.hook.wrap("request", async (request, options) => {
        await fail(options);
        return request(options);
      }),
  };

  for (const kind of ["before", "after", "error", "wrap"] as const) {
    for (const timing of ["at once", "after an await"] as const) {
      test(`${name}: a ${kind} hook that throws ${timing} rejects that request only, with its own error`, async () => {
        const client = make[name]({ baseUrl: server.url });
        const thrown = new Error(`${kind} hook broke`);
        install[kind](client, async (options) => {
          if (timing === "after an await") await new Promise((r) => setTimeout(r, 1));
          if (options.n === 3) throw thrown;
        });
        // error hooks run only on failures: every request fails (404) and n = 3's hook throws.
        const path = kind === "error" ? "/missing" : "/slow";
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, n) => client.request(`GET ${path}`, { n })),
        );
        results.forEach((result, n) => {
          if (n === 3) {
            assert.is(result.status, "rejected");
            assert.is((result as PromiseRejectedResult).reason, thrown);
          } else if (kind === "error") {
            assert.instance(
              (result as PromiseRejectedResult).reason,
              HttpError,
              `request ${n} keeps its own HttpError`,
            );
          } else {
            assert.is(result.status, "fulfilled", `request ${n}`);
          }
        });
        const sent = server.requests.filter((r) => r.path === path && r.query.get("n") === "3").length;
        assert.is(sent, kind === "before" || kind === "wrap" ? 0 : 1, "a failing before/wrap hook sends nothing");
      });
    }
  }
}

test.run();
