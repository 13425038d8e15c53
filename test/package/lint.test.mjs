// The published package, linted as npm would pack it: publint (package.json vs files) and
// Are the Types Wrong (types per resolution mode for every entry, each plugin subpath named,
// since "./plugins/*" is a pattern attw cannot enumerate). Both are local dev dependencies;
// `npx --no` never installs. Run `node build.mjs` first.
import { execFile } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";
import entriesList from "./entries.cjs";

const root = new URL("../../", import.meta.url).pathname;

function npx(args) {
  return new Promise((done) => {
    execFile("npx", ["--no", "--", ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } }, (error, stdout, stderr) =>
      done({ code: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test("publint --strict: no errors, warnings or suggestions", async () => {
  const { code, stdout, stderr } = await npx(["publint", "--strict"]);
  assert.is(code, 0, `${stdout}\n${stderr}`);
  assert.match(stdout, /All good!/, stdout);
});

test("attw --pack . with every plugin subpath: no problems in any resolution mode", async () => {
  const subpaths = entriesList.plugins.map((name) => `./plugins/${name}`);
  // The text report (its JSON is too large to arrive whole through a pipe).
  const { code, stdout, stderr } = await npx(["attw", "--pack", ".", "--format", "ascii", "--no-emoji", "--include-entrypoints", ...subpaths]);
  const checked = [...stdout.matchAll(/^"(forgekit(?:\/[^"]+)?)"$/gm)].map((match) => match[1]);
  for (const entry of entriesList.entries) assert.ok(checked.includes(entry), `attw did not check ${entry} (checked: ${checked.join(", ")}); ${stderr}`);
  assert.is(code, 0, stdout);
  assert.match(stdout, /No problems found/, stdout);
});

test.run();
