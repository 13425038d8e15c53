// `node build.mjs size`: every probe measured, every scope chunk listed, and the exit code
// follows the budgets (the budgets themselves are enforced by running the command in CI).
import { execFile } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { names } from "../../definitions/api.github.com/index.js";

const root = new URL("../../", import.meta.url).pathname;

interface Probe {
  name: string;
  budget: number | null;
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
  chunks: { scopes: [string, { scopes?: Measured; params?: Measured }][]; others: ({ name: string } & Measured)[] };
}

function size(): Promise<{ code: number; report: Report }> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ["build.mjs", "size", "--json"],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        try {
          done({ code: error ? Number(error.code ?? 1) : 0, report: JSON.parse(stdout) as Report });
        } catch (parseError) {
          fail(parseError);
        }
      },
    );
  });
}

test("measures the four bundles, lists every scope's chunks, exits 1 exactly when a budget is exceeded", async () => {
  const { code, report } = await size();
  assert.equal(
    report.probes.map((probe) => probe.budget),
    [4000, 8000, 12000, null],
  );
  for (const probe of report.probes) {
    if (probe.missing) continue;
    assert.ok(probe.files >= 1 && probe.gzip > 0 && probe.gzip < probe.min, `${probe.name}: ${JSON.stringify(probe)}`);
    assert.ok(probe.inputs.length > 0, probe.name);
  }
  const [kernel, , preset, classic] = report.probes as [Probe, Probe, Probe, Probe];
  assert.ok(
    kernel.inputs.every(([input]) => !input.startsWith("plugins/") && !input.startsWith("definitions/")),
    "kernel probe",
  );
  assert.ok(classic.min > preset.min, "the classic script inlines the route tables the module build splits off");
  const scopes = new Map(report.chunks.scopes);
  for (const scope of Object.keys(names)) {
    const file = scope.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);
    assert.ok(scopes.get(file)?.scopes?.gzip, `no routes chunk listed for ${scope}`);
  }
  const over = report.probes.filter((probe) => !probe.missing && probe.budget !== null && probe.gzip > probe.budget);
  assert.is(code, over.length ? 1 : 0, `over budget: ${over.map((probe) => probe.name).join(", ") || "none"}`);
});

test.run();
