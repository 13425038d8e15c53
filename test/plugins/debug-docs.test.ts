import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { format } from "node:util";
import createDebug from "debug";
import { startMockServer, type MockServer } from "../server/index.js";
import { sampleRunner, samplesOf } from "../helpers/paginate-docs.js";

// Every ```ts sample of docs/debugging.md runs against the local GitHub stand-in; debug
// lines are captured through the debug package's log function.
const test = suite("debug: docs/debugging.md samples run");
const samples = samplesOf("debugging.md");
const runner = sampleRunner();
const originalLog = createDebug.log;
let lines: string[] = [];
let server: MockServer;

test.before(async () => {
  server = await startMockServer();
  process.env.GITHUB_API_URL = server.url;
  createDebug.log = (...args: unknown[]) => void lines.push(format(...args));
});
test.after(async () => {
  createDebug.log = originalLog;
  runner.dispose();
  await server.close();
});

test("the guide has runnable samples", () => {
  assert.ok(samples.length >= 2, `found ${samples.length}`);
});

samples.forEach((sample, index) => {
  test(`sample ${index + 1} runs`, async () => {
    lines = [];
    const before = server.requests.length;
    const log = sinon.stub(console, "log");
    try {
      await runner.run(sample, index);
    } finally {
      log.restore();
    }
    assert.is(server.requests.length - before, 1);
    if (/createDebug.enable/.test(sample)) {
      assert.is(lines.length, 2, lines.join("\n"));
      assert.match(
        lines[1]!,
        /forgekit:rest:request GET \/repos\/\{owner\}\/\{repo\} → 200 in \d+ ms \(request id [\w:]+, rate limit remaining \d+\)/,
      );
    }
    if (/warnings/.test(sample)) assert.is(log.callCount, 1);
  });
});

test.run();
