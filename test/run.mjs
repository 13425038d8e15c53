#!/usr/bin/env node
// Runs every test file (`test/**/*.test.{ts,mjs,cjs}`) in its own Node process, as many at
// a time as the machine has cores, at least 2 and at most 4, and prints the closing line CI
// reads: `N passed, N failed, N skipped`.
// Exits non-zero on any failure, on a file that crashed, or when no test ran.
// Usage: node test/run.mjs [substring…]   (only files whose path contains one of them)
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { availableParallelism } from "node:os";

const root = new URL("..", import.meta.url).pathname;
const filters = process.argv.slice(2);
// 300 s: the package lint (npm pack, publint, attw over every entry) took 135 s alone on a loaded
// 2-core machine; a hang still ends the file, well inside CI's budget.
const FILE_TIMEOUT = Number(process.env.TEST_FILE_TIMEOUT ?? 300_000);

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules" && name !== "fixtures") found.push(...findTests(path));
    } else if (/\.test\.(ts|mjs|cjs)$/.test(name)) found.push(path);
  }
  return found;
}

const files = findTests(join(root, "test")).filter((f) => !filters.length || filters.some((x) => f.includes(x)));

function runFile(file) {
  return new Promise((done) => {
    const args = file.endsWith(".ts") ? ["--import", join(root, "test/helpers/register.mjs"), file] : [file];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, NODE_DISABLE_COLORS: "1", NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    let output = "";
    // A file that hangs is a failure, not a stuck CI job.
    const timer = setTimeout(() => {
      output += `\n(test file killed after ${FILE_TIMEOUT / 1000} s without finishing)\n`;
      child.kill("SIGKILL");
    }, FILE_TIMEOUT);
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => {
      clearTimeout(timer);
      const text = output.replace(/\x1b\[[0-9;]*m/g, "");
      const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
      let failed = total - passed;
      if (code !== 0 && failed === 0) failed = 1; // crashed or exited badly: count it
      done({ file: relative(root, file), passed, failed, skipped, output: text, code });
    });
  });
}

const results = [];
const queue = [...files];
const workers = Array.from({ length: Math.min(Math.max(2, availableParallelism()), 4) }, async () => {
  while (queue.length) {
    const result = await runFile(queue.shift());
    results.push(result);
    const mark = result.failed ? "✗" : "✓";
    console.log(
      `${mark} ${result.file}  (${result.passed} passed${result.failed ? `, ${result.failed} failed` : ""}${result.skipped ? `, ${result.skipped} skipped` : ""})`,
    );
    if (result.failed)
      console.log(
        result.output
          .split("\n")
          .map((l) => `    ${l}`)
          .join("\n"),
      );
  }
});
await Promise.all(workers);

const sum = (key) => results.reduce((n, r) => n + r[key], 0);
const passed = sum("passed");
const failed = sum("failed");
const skipped = sum("skipped");
if (passed + failed === 0) console.log("no test ran");
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
