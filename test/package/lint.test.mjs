// The published package, linted as npm packs it: publint (package.json against the packed
// files) and Are the Types Wrong (types per resolution mode for every entry; each plugin
// subpath is named because attw cannot enumerate the "./plugins/*" pattern). Both are local
// dev dependencies run through `npx --no` (never installs), on one `npm pack` tarball.
// Run `node build.mjs` first.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import entriesList from "./entries.cjs";
import { installFootprint } from "../size/probes.mjs";

const root = new URL("../../", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "forgekit-pack-"));
let tarball;
let packed;

function run(command, args) {
  return new Promise((done) => {
    execFile(
      command,
      args,
      { cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => done({ code: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test.before(async () => {
  const { code, stdout, stderr } = await run("npm", ["pack", "--pack-destination", dir, "--json"]);
  if (code !== 0) throw new Error(`npm pack failed: ${stderr}`);
  [packed] = JSON.parse(stdout);
  tarball = join(dir, packed.filename);
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

test("the tarball carries the license, the readme and the changelog beside dist/", () => {
  const paths = packed.files.map((file) => file.path);
  for (const file of ["LICENSE", "README.md", "CHANGELOG.md", "package.json"]) assert.ok(paths.includes(file), file);
  assert.ok(
    paths.every((path) => path.startsWith("dist/") || !path.includes("/")),
    "only dist/ and top-level files",
  );
});

test("the tarball stays within its install ceiling (test/size/probes.mjs: only ever lowered)", () => {
  const { ceiling } = installFootprint;
  const files = packed.entryCount;
  assert.is(files, packed.files.length);
  assert.ok(files <= ceiling.files, `${files} files, ceiling ${ceiling.files}`);
  assert.ok(packed.unpackedSize <= ceiling.bytes, `${packed.unpackedSize} bytes, ceiling ${ceiling.bytes}`);
  const paths = packed.files.map((file) => file.path);
  assert.not.ok(
    paths.some((path) => /^dist\/esm\/types\/.*\.js$/.test(path)),
    "type-only modules ship only their .d.ts",
  );
  assert.is(
    paths.filter((path) => path.endsWith("github-api.json.br")).length,
    1,
    "the testing fixture ships once, compressed",
  );
  assert.is(paths.filter((path) => path.endsWith("github-api.json")).length, 0, "no uncompressed copy");
});

test("publint --strict: no errors, warnings or suggestions", async () => {
  const { code, stdout, stderr } = await run("npx", ["--no", "--", "publint", "run", tarball, "--strict"]);
  assert.is(code, 0, `${stdout}\n${stderr}`);
  assert.match(stdout, /All good!/, stdout);
});

test("attw with every plugin and deployment subpath: no problems in any resolution mode", async () => {
  const subpaths = [
    ...entriesList.plugins.map((name) => `./plugins/${name}`),
    ...entriesList.deployments.map((name) => `./deployments/${name}`),
  ];
  // The text report: its JSON is too large to arrive whole through a pipe.
  // forgekit/routes/<scope> is checked apart, below.
  const routes = Object.keys(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports).filter((key) =>
    key.startsWith("./routes/"),
  );
  const { code, stdout, stderr } = await run("npx", [
    "--no",
    "--",
    "attw",
    tarball,
    "--format",
    "ascii",
    "--no-emoji",
    "--include-entrypoints",
    ...subpaths,
    "--exclude-entrypoints",
    ...routes,
  ]);
  const checked = [...stdout.matchAll(/^"(forgekit(?:\/[^"]+)?)"$/gm)].map((match) => match[1]);
  for (const entry of entriesList.entries)
    assert.ok(checked.includes(entry), `attw did not check ${entry} (checked: ${checked.join(", ")}); ${stderr}`);
  assert.is(code, 0, stdout);
  assert.match(stdout, /No problems found/, stdout);
});

// forgekit/routes/<scope> is dist/esm's ES module under require() too (require() of an ES module,
// Node ^20.19 || >=22.12 as "engines" says) and one CommonJS declaration for both module kinds
// (build/per-file.mjs `writeDataDeclarations`): by design, what attw calls cjs-resolves-to-esm and
// false-cjs. Everything else is checked, on one scope (all share the declaration);
// test/package/routes-exports.test.mjs type-checks them from both module kinds.
test("attw on forgekit/routes/<scope>: no other problem", async () => {
  const { code, stdout } = await run("npx", [
    "--no",
    "--",
    "attw",
    tarball,
    "--format",
    "ascii",
    "--no-emoji",
    "--entrypoints",
    "./routes/repos",
    "--ignore-rules",
    "cjs-resolves-to-esm",
    "false-cjs",
  ]);
  assert.match(stdout, /"forgekit\/routes\/repos"/, stdout);
  assert.is(code, 0, stdout);
  assert.match(stdout, /No problems found/, stdout);
});

test.run();
