import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { startMockServer, type MockServer } from "../server/index.js";
import { sampleRunner, samplesOf } from "../helpers/paginate-docs.js";

// Every ```ts sample of docs/previews-and-media-types.md runs against the local GitHub
// stand-in; the accept header each one sent is checked against the guide's claims.
const test = suite("previews: docs/previews-and-media-types.md samples run");
const samples = samplesOf("previews-and-media-types.md");
const runner = sampleRunner();
let server: MockServer;

/** The accept header the guide says a sample sends, keyed by a phrase of the sample. */
const expected: Array<[RegExp, string]> = [
  [/headers: \{ accept/, "application/vnd.github.mercy-preview+json"],
  [
    /scarlet-witch-preview/,
    "application/vnd.github.mercy-preview+json,application/vnd.github.scarlet-witch-preview+json",
  ],
  [/squirrel-girl/, "application/vnd.github.squirrel-girl-preview.html+json"],
  [/format: "diff"/, "application/vnd.github.v3.diff"],
];

test.before(async () => {
  server = await startMockServer();
  process.env.GITHUB_API_URL = server.url;
});
test.after(async () => {
  runner.dispose();
  await server.close();
});

test("the guide has runnable samples", () => {
  assert.ok(samples.length >= 5, `found ${samples.length}`);
});

samples.forEach((sample, index) => {
  test(`sample ${index + 1} runs and sends the accept header the guide names`, async () => {
    const before = server.requests.length;
    const log = sinon.stub(console, "log");
    try {
      await runner.run(sample, index);
    } finally {
      log.restore();
    }
    const sent = server.requests.slice(before);
    assert.is(sent.length, 1);
    const accept = expected.find(([phrase]) => phrase.test(sample))?.[1];
    assert.ok(accept, "every sample has an expected accept header");
    assert.is(sent[0]!.headers.accept, accept);
    assert.not.ok(sent[0]!.url.includes("mediaType"));
  });
});

test.run();
