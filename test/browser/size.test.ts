// `node build.mjs size` as part of `npm test`: every budget case measured, every scope chunk
// listed, the exit code follows the limits (a size above its budget, or above its ceiling
// where the budget is not met yet, fails the build, with the table printed), and the README's
// size table is the one this run produces.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { names } from "../../definitions/api.github.com/index.js";

const root = new URL("../../", import.meta.url).pathname;

interface Probe {
  name: string;
  budget: number;
  ceiling: number | null;
  min: number;
  gzip: number;
  files: number;
  missing?: string[];
  inputs: [string, number][];
}
interface Measured {
  min: number;
  gzip: number;
}
interface Report {
  probes: Probe[];
  chunks: { scopes: [string, { routes?: Measured; params?: Measured }][]; others: ({ name: string } & Measured)[] };
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["build.mjs", "size", ...args],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const runs = Promise.all([run(["--json"]), run([])]);

test("measures the budget cases, lists every scope's chunks, exits 1 exactly when a limit is exceeded", async () => {
  const [{ code, stdout, stderr }, table] = await runs;
  const report = JSON.parse(stdout) as Report;
  // The cases of the budgets: kernel; @octokit/rest's features flat; the preset's main file,
  // all files of one call, flat, classic; kernel + auth + endpoints + repos; forgekit/webhooks alone.
  assert.equal(
    report.probes.map((probe) => probe.budget),
    [4000, 17000, 12000, 16000, 24000, 16000, 10000, 4000],
  );
  for (const probe of report.probes) {
    assert.not.ok(probe.missing, `${probe.name}: not measured`);
    assert.ok(probe.files >= 1 && probe.gzip > 0 && probe.gzip < probe.min, `${probe.name}: ${JSON.stringify(probe)}`);
    assert.ok(probe.inputs.length > 0, probe.name);
  }
  const [kernel, , main, oneCall] = report.probes as Probe[];
  assert.ok(
    kernel!.inputs.every(([input]) => !input.startsWith("plugins/") && !input.startsWith("definitions/")),
    "kernel probe",
  );
  assert.is(main!.files, 1, "the main output file alone");
  assert.ok(oneCall!.files > 1 && oneCall!.gzip > main!.gzip, "one call loads the entry and the repos chunk");
  for (const probe of report.probes)
    assert.not.ok(
      probe.inputs.some(([input]) => input.includes("/params/")),
      `${probe.name}: parameter metadata belongs to no browser bundle`,
    );
  const scopes = new Map(report.chunks.scopes);
  for (const scope of Object.keys(names)) {
    const file = scope.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);
    assert.ok(scopes.get(file)?.routes?.gzip, `no routes chunk listed for ${scope}`);
  }
  const over = report.probes.filter((probe) => probe.gzip > (probe.ceiling ?? probe.budget));
  if (over.length) console.error(table.stdout, stderr);
  assert.is(code, over.length ? 1 : 0, `over a limit: ${over.map((probe) => probe.name).join(", ") || "none"}`);
  assert.equal(over, [], "a bundle grew past its limit (table above)");
});

test("the README's size table is this run's", async () => {
  const [, { stdout }] = await runs;
  const readme = readFileSync(`${root}README.md`, "utf8");
  const block = readme.slice(
    readme.indexOf("<!-- size-summary:start -->") + "<!-- size-summary:start -->".length,
    readme.indexOf("<!-- size-summary:end -->"),
  );
  const cells = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("|") && !/^\|[\s:|-]+\|$/.test(line))
      .map((line) => line.split("|").map((cell) => cell.trim()));
  const measured = stdout.slice(0, stdout.indexOf("\n\n"));
  // A checkout in another folder gets other chunk file names, which moves a gzip size by a byte
  // or two: byte counts within 8 B of each other (and the kB figures they round to) count as equal.
  const bytes = (cell: string) => [...cell.matchAll(/([\d,]+) B\b/g)].map((m) => Number(m[1]!.replace(/,/g, "")));
  const shape = (cell: string) => cell.replace(/[\d.,]+/g, "#");
  const close = (a: string, b: string) => {
    if (a === b) return true;
    const [x, y] = [bytes(a), bytes(b)];
    return (
      shape(a) === shape(b) && x.length > 0 && x.length === y.length && x.every((v, i) => Math.abs(v - y[i]!) <= 8)
    );
  };
  const [want, got] = [cells(block), cells(measured)];
  const stale =
    want.length !== got.length || want.some((row, i) => row.some((cell, j) => !close(cell, got[i]![j] ?? "")));
  assert.not.ok(
    stale,
    `README.md is stale: run \`node build.mjs size --update README.md\`\n${JSON.stringify(got, null, 1)}`,
  );
});

test("the README's first paragraph gives the kernel's measured size", async () => {
  const [{ stdout }] = await runs;
  const [kernel] = (JSON.parse(stdout) as Report).probes;
  const readme = readFileSync(`${root}README.md`, "utf8");
  const claimed = /kernel \((\d+\.\d) kB min\+gzip\)/.exec(readme.slice(0, readme.indexOf("\n## ")));
  assert.ok(claimed, "README.md's first paragraph names the kernel's size as `kernel (N.N kB min+gzip)`");
  assert.is(
    claimed![1],
    (kernel!.gzip / 1000).toFixed(1),
    `README.md says ${claimed![0]}; the kernel probe measures ${kernel!.gzip} B`,
  );
});

test.run();
