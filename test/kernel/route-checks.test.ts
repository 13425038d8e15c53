import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { getEventListeners } from "node:events";
import { Client, isParameterError } from "../../kernel/index.js";
import forgekit from "../../plugins/presets/full.js";
import { checkOptions } from "../../plugins/check-options/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

// Mistakes that used to be silent, or to fail late as something else (issue 23).
const test = suite("kernel: a route's method, request options, non-finite path values, abort listeners");
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /zen": { body: "ok" },
    "GET /repos/o/r/issues": { body: [] },
    "GET /repos/o/r/issues/1": { body: {} },
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

const rejects = async (promise: Promise<unknown>, pattern: RegExp) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(isParameterError(error), String(error));
  assert.match((error as Error).message, pattern);
};

test('"GTE /zen" is refused before anything is sent, with the methods to use', async () => {
  const client = new Client({ baseUrl: server.url });
  await rejects(
    client.request("GTE /zen"),
    /"GTE" is not an HTTP method\. Use one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\./,
  );
  await rejects(client.request("FROB /zen"), /"FROB" is not an HTTP method\. Use one of/);
  assert.is((await client.request("get /zen")).status, 200, "a lower-case method is still fine");
  assert.is(server.requests.length, 1);
});

test("NaN or Infinity in a path is refused, not sent as /issues/NaN", async () => {
  const client = new Client({ baseUrl: server.url });
  const route = "GET /repos/{owner}/{repo}/issues/{issue_number}";
  for (const issue_number of [NaN, Infinity, -Infinity])
    await rejects(
      client.request(route, { owner: "o", repo: "r", issue_number }),
      new RegExp(`Path parameter "issue_number" .* is ${issue_number}: pass a finite number or a string`),
    );
  assert.is(server.requests.length, 0);
  assert.is((await client.request(route, { owner: "o", repo: "r", issue_number: 1 })).status, 200);
});

test("a timeout that is not a number ≥ 0 is a ParameterError, at construction or per call", async () => {
  for (const options of [
    { timeout: "1s" },
    { timeout: -1 },
    { request: { timeout: "1s" } },
    { request: { timeout: NaN } },
  ])
    assert.throws(
      () => new Client({ baseUrl: server.url, ...(options as object) }),
      (e: Error) =>
        isParameterError(e) && /timeout must be a number of milliseconds ≥ 0 \(0 for none\), got/.test(e.message),
    );
  const client = new Client({ baseUrl: server.url });
  await rejects(client.request("GET /zen", { request: { timeout: "1s" } }), /request\.timeout must be a number/);
  assert.is(server.requests.length, 0);
});

test("request: { timout } warns once with the closest name, for the client and per call (checkOptions)", async () => {
  const warn = sinon.spy();
  const Checked = Client.plugin(checkOptions);
  new Client({ baseUrl: server.url, request: { timout: 600 } as object, log: { warn } });
  assert.is(warn.callCount, 0, "the kernel alone has no typo check: it lives with the checkOptions plugin");
  new Checked({ baseUrl: server.url, request: { timout: 500 } as object, log: { warn } });
  assert.is(warn.callCount, 1);
  assert.match(warn.firstCall.args[0], /request: unknown option "timout" — did you mean "timeout"\? It is ignored\./);
  const perCall = sinon.spy();
  const client = forgekit({ baseUrl: server.url, log: { warn: perCall } });
  await client.request("GET /zen", { request: { signl: AbortSignal.timeout(60_000) } });
  await client.request("GET /zen", { request: { signl: AbortSignal.timeout(60_000) } });
  assert.is(perCall.callCount, 1);
  assert.match(perCall.firstCall.args[0], /unknown option "signl" — did you mean "signal"\?/);
  // A name close to none of forgekit's may be a plugin's own: no warning.
  new Checked({ baseUrl: server.url, request: { myPluginState: 1 } as object, log: { warn } });
  assert.is(warn.callCount, 1);
});

test("an endpoint method warns once for a parameter its operation does not have, with the closest name", async () => {
  const warn = sinon.spy();
  const client = forgekit({ baseUrl: server.url, log: { warn } });
  await client.issues.listForRepo({ owner: "o", repo: "r", stat: "open" } as never);
  await client.issues.listForRepo({ owner: "o", repo: "r", stat: "open" } as never);
  const warnings = warn.getCalls().map((call) => String(call.args[0]));
  assert.equal(
    warnings.filter((w) => w.includes('"stat"')),
    [
      'issues.listForRepo: "stat" is not one of its parameters — did you mean "state"? It is sent as it is, and GitHub ignores it.',
    ],
  );
  assert.is(server.requests[0]!.query.get("stat"), "open");
  await client.issues.listForRepo({ owner: "o", repo: "r", state: "open" });
  assert.is(warn.callCount, warnings.length, "a known parameter does not warn");
});

test("a signal shared by many requests holds no listener once they settled", async () => {
  const client = new Client({ baseUrl: server.url });
  const controller = new AbortController();
  for (let i = 0; i < 50; i++) await client.request("GET /zen", { request: { signal: controller.signal } });
  assert.is(getEventListeners(controller.signal, "abort").length, 0);
  const inFlight = client.request("GET /zen", { request: { signal: controller.signal } });
  assert.ok(getEventListeners(controller.signal, "abort").length <= 1);
  await inFlight;
  controller.abort();
  const aborted = await client.request("GET /zen", { request: { signal: controller.signal } }).catch((e: Error) => e);
  assert.is((aborted as Error).name, "AbortError");
});

// The full preset's retry/throttle engine waits and queues with the same signal.
test("in the full preset too, a shared signal holds at most one listener per request in flight", async () => {
  const { default: forgekit } = await import("../../plugins/presets/full.js");
  const client = forgekit({ baseUrl: server.url });
  const controller = new AbortController();
  for (let i = 0; i < 50; i++) await client.request("GET /zen", { request: { signal: controller.signal } });
  assert.is(getEventListeners(controller.signal, "abort").length, 0);
  const inFlight = client.request("GET /zen", { request: { signal: controller.signal } });
  assert.ok(getEventListeners(controller.signal, "abort").length <= 1);
  await inFlight;
  assert.is(getEventListeners(controller.signal, "abort").length, 0);
});

test.run();
