// nock 13 patches node:http only: with Node's fetch untouched, forgekit must take node:http
// (plugins/agent/transport-choice.ts) or the request would go past the mock.
import { test } from "uvu";
import * as assert from "uvu/assert";
import nock from "nock-13";
import { propagation } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { ANSWERS, API, SEARCH, TOKEN, exercise } from "../helpers/mocked.js";

test.before(() => nock.disableNetConnect());
test.after(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

test("nock 13 sees every request; nothing reaches the network", async () => {
  const auth: string[] = [];
  const scope = nock(API)
    .get("/repos/o/r")
    .reply(function () {
      auth.push(String(this.req.headers.authorization));
      return [200, ANSWERS.repo];
    })
    .post("/repos/o/r/issues", { title: "found a bug" })
    .reply(201, ANSWERS.issue)
    .get(`/search/issues?${SEARCH.wire}`)
    .reply(200, ANSWERS.search);
  assert.equal(await exercise(), ANSWERS);
  assert.ok(scope.isDone(), scope.pendingMocks().join());
  assert.equal(auth, [`token ${TOKEN}`]);
});

// The otel plugin adds trace headers; the transport stays the one chosen without them.
test("with the otel plugin sending trace context, nock 13 still sees the request", async () => {
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  try {
    const { Octokit } = await import("../../plugins/presets/full.js");
    const { otel } = await import("../../plugins/otel/index.js");
    const tracer = new BasicTracerProvider().getTracer("test");
    const traceparents: string[] = [];
    const scope = nock(API)
      .get("/repos/o/r")
      .reply(function () {
        traceparents.push(String(this.req.headers.traceparent));
        return [200, ANSWERS.repo];
      });
    const octokit = new (Octokit.plugin(otel))({ baseUrl: API, auth: TOKEN, otel: { tracer } });
    assert.equal((await octokit.rest.repos.get({ owner: "o", repo: "r" })).data, ANSWERS.repo);
    assert.ok(scope.isDone(), scope.pendingMocks().join());
    assert.match(traceparents[0]!, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  } finally {
    propagation.disable();
  }
});

test.run();
