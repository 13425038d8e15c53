#!/usr/bin/env node
// Start-up of the built dist/node, the numbers docs/how-it-works.md#start-up quotes:
//
//   node test/bench/start-up.mjs [--rounds=25] [<package root>…]   (default: this repository)
//
// For each package root (a directory whose package.json is forgekit's and whose dist/ is built;
// several roots, e.g. copies built from different commits, run interleaved), two cold child
// processes per round: `import "forgekit"` and construct, and `forgekit/core` +
// `forgekit/plugins/auth` + `forgekit/plugins/paginate` composed and constructed. Prints the
// files and bytes each loads from dist/ (counted by test/package/fixtures/loaded.mjs) and the
// median CPU time (user + system) and wall time of the imports. Benchmarks are not tests.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./stats.mjs";

const CASES = {
  preset: { specifier: "forgekit", code: "m.default({});" },
  composed: {
    specifier: "forgekit/core",
    code: `const { auth } = await import("forgekit/plugins/auth");
      const { paginate } = await import("forgekit/plugins/paginate");
      new (m.Client.plugin([auth, paginate]))({ auth: "x" });`,
  },
};
const CHILD = `const t0 = performance.now();
const c0 = process.cpuUsage();
const [specifier, code] = process.argv.slice(2);
const m = await import(specifier);
await new Function("m", \`return (async () => { \${code} })();\`)(m);
const { user, system } = process.cpuUsage(c0);
console.log(JSON.stringify({ ms: performance.now() - t0, cpuMs: (user + system) / 1000 }));
`;

const args = process.argv.slice(2);
const rounds = Number(args.find((arg) => arg.startsWith("--rounds="))?.slice(9) ?? 25);
const here = fileURLToPath(new URL("../../", import.meta.url));
const roots = args.filter((arg) => !arg.startsWith("--")).map((root) => resolve(root));
if (!roots.length) roots.push(here);

const tmp = mkdtempSync(join(tmpdir(), "forgekit-start-up-"));
try {
  for (const root of roots) {
    // The child runs from the root's dist/ so that "forgekit" resolves to the root by self-reference.
    writeFileSync(join(root, "dist/start-up-child.mjs"), CHILD);
    copyFileSync(join(here, "test/package/fixtures/loaded.mjs"), join(root, "dist/start-up-loaded.mjs"));
    copyFileSync(join(here, "test/package/fixtures/record-hooks.mjs"), join(root, "dist/record-hooks.mjs"));
  }
  const times = {};
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < roots.length; i++) {
      const root = roots[(i + round) % roots.length];
      for (const [name, { specifier, code }] of Object.entries(CASES)) {
        const out = execFileSync(process.execPath, [join(root, "dist/start-up-child.mjs"), specifier, code], {
          cwd: root,
        });
        ((times[root] ??= {})[name] ??= []).push(JSON.parse(out));
      }
    }
  for (const root of roots)
    for (const [name, { specifier, code }] of Object.entries(CASES)) {
      const record = join(tmp, "record.txt");
      rmSync(record, { force: true });
      execFileSync(process.execPath, [join(root, "dist/start-up-loaded.mjs"), record, specifier, code], { cwd: root });
      const files = [
        ...new Set(
          readFileSync(record, "utf8")
            .split("\n")
            .filter((url) => url.startsWith("file://"))
            .map((url) => fileURLToPath(url))
            .filter((file) => file.startsWith(join(root, "dist/"))),
        ),
      ];
      const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
      const runs = times[root][name];
      console.log(
        `${root} ${name}: ${files.length} files, ${(bytes / 1000).toFixed(1)} kB, CPU ${median(runs.map((r) => r.cpuMs)).toFixed(1)} ms, wall ${median(runs.map((r) => r.ms)).toFixed(1)} ms (median of ${runs.length})`,
      );
    }
} finally {
  rmSync(tmp, { recursive: true, force: true });
  for (const root of roots)
    for (const file of ["start-up-child.mjs", "start-up-loaded.mjs", "record-hooks.mjs"])
      rmSync(join(root, "dist", file), { force: true });
}
