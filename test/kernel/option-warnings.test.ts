// Option mistakes reach every client's own log (issue 36, case 8): a typo in a per-call
// `request` option used to be warned once per process, so a second client with its own log
// never heard of it; a per-call top-level `timeout` was neither applied nor warned.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client } from "../../kernel/index.js";
import forgekit from "../../plugins/presets/full.js";
import { checkOptions } from "../../plugins/check-options/index.js";
import { agent } from "../../plugins/agent/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: option mistakes reach each client's own log");
// The typo check lives with the checkOptions plugin (the kernel alone has none); the agent
// plugin declares `idleTimeout`.
const Checked = Client.plugin([agent, checkOptions]);
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /zen": { body: "ok" } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

// Names no other test file uses: a per-process record elsewhere would not hide these.
test("request: { timoutt } per call: each client with its own log hears it, once", async () => {
  const first = sinon.spy();
  const second = sinon.spy();
  for (const warn of [first, second]) {
    const client = new Checked({ baseUrl: server.url, log: { warn } });
    await client.request("GET /zen", { request: { timoutt: 50 } as object });
    await client.request("GET /zen", { request: { timoutt: 50 } as object });
  }
  for (const warn of [first, second]) {
    assert.is(warn.callCount, 1);
    assert.match(
      warn.firstCall.args[0],
      /request: unknown option "timoutt" — did you mean "timeout"\? It is ignored\./,
    );
  }
});

test("request: { idleTimout } given to the constructor: each client's log hears it", () => {
  const first = sinon.spy();
  const second = sinon.spy();
  new Checked({ baseUrl: server.url, request: { idleTimout: 1 } as object, log: { warn: first } });
  new Checked({ baseUrl: server.url, request: { idleTimout: 1 } as object, log: { warn: second } });
  new Checked({ baseUrl: server.url, request: { idleTimout: 1 } as object, log: { warn: second } });
  assert.is(first.callCount, 1);
  assert.is(second.callCount, 1);
});

test("a top-level option typo (checkOptions, the presets): each client's log hears it", () => {
  const first = sinon.spy();
  const second = sinon.spy();
  forgekit({ baseUrl: server.url, baseUrll: "x", log: { warn: first } } as never);
  forgekit({ baseUrl: server.url, baseUrll: "x", log: { warn: second } } as never);
  assert.is(first.callCount, 1);
  assert.is(second.callCount, 1);
  assert.match(second.firstCall.args[0], /unknown option "baseUrll" — did you mean "baseUrl"\?/);
});

test("client.request(route, { timeout: 50 }): warned on each client's log, once, and sent as @octokit sends it", async () => {
  const first = sinon.spy();
  const second = sinon.spy();
  for (const warn of [first, second]) {
    const client = forgekit({ baseUrl: server.url, log: { warn } });
    await client.request("GET /zen", { timeout: 50 });
    await client.request("GET /zen", { timeout: 50 });
  }
  for (const warn of [first, second]) {
    assert.is(warn.callCount, 1);
    assert.is(
      warn.firstCall.args[0],
      "timeout given per call is sent to GitHub as a parameter, not applied as a time limit: pass request: { timeout: 50 } for one.",
    );
  }
  // Unchanged on the wire: a GET's unknown parameter is its query, as @octokit/endpoint makes it.
  assert.is(server.requests[0]!.url, "/zen?timeout=50");
});

test("request: { timeout: 50 } per call is applied and not warned", async () => {
  const warn = sinon.spy();
  // With the checkOptions plugin, which would warn if it took the option for a mistake.
  const client = new Checked({ baseUrl: server.url, log: { warn } });
  await client.request("GET /zen", { request: { timeout: 5_000 } });
  assert.is(warn.callCount, 0);
  server.route("GET /slow", (_req, res) => void setTimeout(() => res.end("late"), 500));
  const error = await client.request("GET /slow", { request: { timeout: 50 } }).catch((e: unknown) => e);
  assert.is((error as Error).name, "TimeoutError");
});

test.run();
