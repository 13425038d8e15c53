import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { startMockServer, type MockServer } from "../server/index.js";
import { sampleRunner, samplesOf } from "../helpers/paginate-docs.js";

// Every ```ts sample of docs/pagination.md runs against the local GitHub stand-in, whose
// lists hold 250 items and follow GitHub's Link pagination.
const test = suite("paginate: docs/pagination.md samples run");
const samples = samplesOf("pagination.md");
const runner = sampleRunner();
let server: MockServer;

test.before(async () => {
  server = await startMockServer({ totalItems: 250 });
  process.env.GITHUB_API_URL = server.url;
});
test.after(async () => {
  runner.dispose();
  await server.close();
});

test("the guide has runnable samples", () => {
  assert.ok(samples.length >= 7, `found ${samples.length}`);
});

samples.forEach((sample, index) => {
  const title = sample
    .split("\n")
    .find((line) => line.startsWith("//") || /client\.paginate/.test(line))
    ?.trim();
  test(`sample ${index + 1} runs (${title})`, async () => {
    const before = server.requests.length;
    const log = sinon.stub(console, "log");
    try {
      await runner.run(sample, index);
    } finally {
      log.restore();
    }
    const sent = server.requests.slice(before);
    assert.ok(sent.length > 0, "the sample sent a request");
    if (/maxItems: 150/.test(sample)) assert.is(sent.length, 2, "150 items in two pages of 100");
    if (/resume:/.test(sample)) {
      assert.is(sent.length, 5, "two pages of 50 in the first run, the remaining three in the second");
      assert.is(sent[2]!.query.get("page"), "3", "the second run starts at the saved page");
    }
    if (/break;/.test(sample)) assert.is(sent.length, 2, "leaving the loop after 60 items stops at page 2");
  });
});

test.run();
