import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { loadFixture, startMockServer, type MockRequest } from "../server/index.js";
import {
  COVERED,
  isRunnable,
  mapLimit,
  root,
  runnerSamples,
  runSample,
  samplesOf,
  type Sample,
  type SampleRun,
} from "../helpers/docs-samples.js";

// Every ```ts / ```js block of README.md, CONTRIBUTING.md and docs/*.md (not ```ts no-run) runs as a module in
// a Node process of its own, importing the built package ("forgekit", "forgekit/core",
// "forgekit/plugins/…", "forgekit/testing"), with GITHUB_API_URL pointing at a local GitHub
// API server started for that sample alone. The conventions are in docs/README.md.
const test = suite("docs: every guide's code samples run");

const SAMPLE_TIMEOUT = Number(process.env.DOCS_SAMPLE_TIMEOUT ?? 30_000);
/** A token shape the local server accepts; never a real credential. */
const TOKEN = "ghp_docsSampleRunnerToken0123456789";
const BUILT = join(root, "dist/esm/plugins/presets/full.js");

/** `DOCS_SAMPLES=docs/hooks node test/run.mjs test/docs/samples` runs the matching guides only. */
const only = process.env.DOCS_SAMPLES;
const samples = runnerSamples().filter((sample) => !only || `${sample.file}:${sample.line}`.includes(only));

interface Outcome {
  run: SampleRun;
  requests: MockRequest[];
}
/** Every sample's outcome, in the order of `samples`; started once, awaited by each test. */
let outcomes: Promise<Outcome[]> | undefined;
let scratch: string | undefined;

const unbuilt = `${BUILT} is missing: the samples import the built package. Run \`node build.mjs\` first (\`npm test\` does).`;

async function runAll(): Promise<Outcome[]> {
  if (!existsSync(BUILT)) throw new Error(unbuilt);
  // Inside the package, so `import "forgekit"` resolves to this checkout by self-reference.
  mkdirSync(join(root, ".cache"), { recursive: true });
  const dir = (scratch = mkdtempSync(join(root, ".cache", "docs-samples-")));
  const fixture = loadFixture();
  return mapLimit(samples, 2, async (sample): Promise<Outcome> => {
    // High limits: a guide's samples are not about the anonymous 60 requests an hour.
    const server = await startMockServer({
      fixture,
      rateLimit: { core: 100_000, search: 100_000, code_search: 100_000 },
    });
    try {
      const run = await runSample(
        sample,
        dir,
        { GITHUB_API_URL: server.url, GITHUB_TOKEN: TOKEN, NO_COLOR: "1" },
        SAMPLE_TIMEOUT,
      );
      return { run, requests: [...server.requests] };
    } finally {
      await server.close();
    }
  });
}

// Started here, awaited in the tests: uvu does not report an error thrown by a hook.
test.before(() => {
  outcomes = runAll();
  outcomes.catch(() => {}); // reported by every test that awaits it
});

test.after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("there are samples to run, against a built package", () => {
  assert.ok(existsSync(BUILT), unbuilt);
  assert.ok(
    samples.length > 0,
    only
      ? `no runnable block matches DOCS_SAMPLES=${only}`
      : "no runnable ```ts or ```js block found in docs/*.md or README.md",
  );
});

/** The failure report: where the sample is, what it printed, what it sent. */
function report(sample: Sample, { run, requests }: Outcome, why: string): string {
  const sent = requests.map((r) => `  ${r.method} ${r.url} → ${r.status}`).join("\n") || "  (nothing)";
  const hint = /GITHUB_API_URL|startMockServer/.test(sample.code)
    ? ""
    : '\nThe sample neither reads GITHUB_API_URL nor starts its own server: see docs/README.md, "Code samples".';
  return `${sample.file}:${sample.line}: ${why}${hint}\n--- output ---\n${run.output.trim()}\n--- requests to the local GitHub API ---\n${sent}`;
}

for (const sample of samples) {
  test(`${sample.file}:${sample.line} runs`, async () => {
    const outcome = (await outcomes!)[samples.indexOf(sample)]!;
    const { run } = outcome;
    // `DOCS_SAMPLES_VERBOSE=1`: show what each sample printed.
    if (process.env.DOCS_SAMPLES_VERBOSE) console.log(`--- ${sample.file}:${sample.line}\n${run.output.trim()}`);
    assert.not.ok(run.timedOut, report(sample, outcome, `killed after ${SAMPLE_TIMEOUT / 1000} s without finishing`));
    assert.is(run.code, 0, report(sample, outcome, `exited with ${run.code ?? run.signal}`));
  });
}

test("a guide covered by another test is fully run there", () => {
  for (const [file, covering] of Object.entries(COVERED)) {
    if (!existsSync(join(root, file))) continue;
    assert.ok(
      existsSync(join(root, covering)),
      `${covering} (which runs ${file}'s samples) is missing: remove ${file} from COVERED in test/docs/samples.test.ts`,
    );
    assert.ok(
      readFileSync(join(root, covering), "utf8").includes(file.replace(/^docs\//, "")),
      `${covering} does not read ${file}`,
    );
    // Those tests extract exactly ```ts blocks; any other runnable block would run nowhere.
    for (const sample of samplesOf(file).filter(isRunnable)) {
      assert.ok(
        sample.lang === "ts" && sample.flags.length === 0,
        `${file}:${sample.line}: \`\`\`${[sample.lang, ...sample.flags].join(" ")} would not be run by ${covering}: use \`\`\`ts, or \`\`\`ts no-run`,
      );
    }
  }
});

test.run();
