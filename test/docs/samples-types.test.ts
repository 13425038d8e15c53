import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { extension, root, runnerSamples, writeSample, type Sample } from "../helpers/docs-samples.js";

// The ```ts samples the runner runs also type-check, as a user's strict project would check
// them against the built package's declarations: a sample that runs but does not compile
// would mislead every TypeScript reader. One tsc program for all of them.
const test = suite("docs: every ```ts sample type-checks");
const samples = runnerSamples().filter((sample) => extension(sample) === ".ts");
const DECLARATIONS = join(root, "dist/esm/plugins/presets/full.d.ts");
let scratch: string;
let files: Map<string, Sample>;
let printed = "";
let status: number | null = null;

// uvu does not report an error thrown by a hook, so the work is done in the tests.
function check(): void {
  if (!existsSync(DECLARATIONS))
    throw new Error(`${DECLARATIONS} is missing: run \`node build.mjs\` first (\`npm test\` does).`);
  mkdirSync(join(root, ".cache"), { recursive: true });
  // Inside the package, so `import "forgekit"` resolves to this checkout's dist/ by self-reference.
  scratch = mkdtempSync(join(root, ".cache", "docs-types-"));
  files = new Map(samples.map((sample) => [basename(writeSample(sample, scratch)), sample]));
  const compilerOptions = {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    lib: ["es2022", "dom", "dom.iterable"],
    types: ["node"],
    typeRoots: [join(root, "node_modules/@types")],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
  };
  writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
  const tsc = spawnSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", join(scratch, "tsconfig.json"), "--pretty", "false"],
    { cwd: scratch, encoding: "utf8" },
  );
  status = tsc.status;
  printed = `${tsc.stdout}${tsc.stderr}`;
}
test.after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("there are ```ts samples to check", () => {
  assert.ok(samples.length > 0);
});

test("tsc reports no error, each one named by its guide's file and line", () => {
  check();
  // Sample files keep the guide's line numbers (see moduleSource), so only the name changes.
  const errors = printed
    .split("\n")
    .filter((line) => /error TS\d+/.test(line))
    .map((line) =>
      line.replace(
        /^([^(]+)\((\d+),(\d+)\)/,
        (_match, file: string, row: string, column: string) =>
          `${files.get(basename(file))?.file ?? file}:${row}:${column}`,
      ),
    );
  assert.equal(errors, [], errors.join("\n"));
  assert.is(status, 0, printed);
});

test.run();
