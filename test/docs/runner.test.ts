import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { extension, extractSamples, isRunnable, root, runSample, type Sample } from "../helpers/docs-samples.js";

// The sample runner's own conventions (docs/README.md, "Code samples"): which blocks run,
// where a failure is reported, and that a sample which never ends is killed.
const test = suite("docs: the sample runner");
let scratch: string;

test.before(() => {
  mkdirSync(join(root, ".cache"), { recursive: true });
  scratch = mkdtempSync(join(root, ".cache", "docs-runner-"));
});
test.after(() => rmSync(scratch, { recursive: true, force: true }));

const guide = [
  "# A guide", //                      1
  "", //                               2
  "```ts", //                          3
  'console.log("one");', //            4
  "```", //                            5
  "", //                               6
  "```ts no-run", //                   7
  "await client.request('GET /');", // 8
  "```", //                            9
  "", //                              10
  "- a list item:", //                11
  "", //                              12
  "  ```js", //                       13
  "  const x = 1;", //                14
  "  ```", //                         15
  "", //                              16
  "````text", //                      17
  "```ts", //                         18
  "not a fence of its own", //        19
  "```", //                           20
  "````", //                          21
  "~~~javascript", //                 22
  "const y = require('node:os');", // 23
  "~~~", //                           24
].join("\n");

test("blocks, their lines, languages and flags", () => {
  const found = extractSamples(guide, "docs/a.md");
  assert.equal(
    found.map(({ line, lang, flags }) => [line, lang, flags.join(" ")]),
    [
      [3, "ts", ""],
      [7, "ts", "no-run"],
      [13, "js", ""],
      [17, "text", ""],
      [22, "javascript", ""],
    ],
  );
  assert.is(found[2]!.code, "const x = 1;", "the list item's indentation is removed");
  assert.is(found[3]!.code, "```ts\nnot a fence of its own\n```", "a longer fence contains shorter ones");
});

test("ts and js blocks run, no-run and other languages do not", () => {
  const runnable = extractSamples(guide, "docs/a.md").filter(isRunnable);
  assert.equal(
    runnable.map((s) => s.line),
    [3, 13, 22],
  );
});

test("JavaScript with require() and no import runs as CommonJS", () => {
  const [ts, esm, cjs] = [3, 13, 22].map((line) => extractSamples(guide, "docs/a.md").find((s) => s.line === line)!);
  assert.is(extension(ts!), ".ts");
  assert.is(extension(esm!), ".mjs");
  assert.is(extension(cjs!), ".cjs");
});

const sample = (line: number, code: string, lang = "ts"): Sample => ({
  file: "docs/fake.md",
  line,
  lang,
  flags: [],
  code,
});

test("a failing sample is reported at its guide's file and line", async () => {
  const run = await runSample(sample(41, 'const n: number = 1;\nif (n) throw new Error("boom");'), scratch, {}, 20_000);
  assert.is(run.code, 1);
  assert.match(run.output, "boom");
  assert.match(run.output, "docs/fake.md:43", "the throw is on the second line of a block whose fence is line 41");
  assert.not.match(run.output, scratch, "the scratch file's name is replaced by the guide's");
});

test("a sample imports the built package by name", async () => {
  const run = await runSample(
    sample(1, 'import { VERSION } from "forgekit/core";\nconsole.log(`v${VERSION}`);', "js"),
    scratch,
    {},
    20_000,
  );
  assert.is(run.code, 0, run.output);
  assert.match(run.output, /^v\d+\.\d+\.\d+/m);
});

test("the environment is the runner's alone", async () => {
  process.env.FORGEKIT_RUNNER_LEAK = "leaked";
  const run = await runSample(
    sample(1, "console.log(process.env.GITHUB_API_URL, process.env.FORGEKIT_RUNNER_LEAK);", "js"),
    scratch,
    { GITHUB_API_URL: "http://127.0.0.1:9" },
    20_000,
  );
  delete process.env.FORGEKIT_RUNNER_LEAK;
  assert.is(run.output.trim(), "http://127.0.0.1:9 undefined");
});

test("a sample that never finishes is killed at the timeout", async () => {
  const run = await runSample(sample(1, "setInterval(() => {}, 1000);", "js"), scratch, {}, 150);
  assert.ok(run.timedOut);
  assert.is(run.signal, "SIGKILL");
});

test.run();
