// The published package, linted as npm packs it: publint (package.json against the packed
// files) and Are the Types Wrong (types per resolution mode for every entry; each plugin
// subpath is named because attw cannot enumerate the "./plugins/*" pattern). Both are local
// dev dependencies run through `npx --no` (never installs), on one `npm pack` tarball; and what
// `npm install` of it puts on disk, dependencies included, against its ceiling.
// Run `node build.mjs` first.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
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

/** A folder's files and their bytes, not counting the packages nested in its node_modules/. */
function folder(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = folder(path);
      files += inner.files;
      bytes += inner.bytes;
    } else {
      files++;
      bytes += statSync(path).size;
    }
  }
  return { files, bytes };
}

/**
 * What `npm install` adds beside forgekit's own files: each runtime dependency, transitively,
 * as installed in this checkout (the lockfile's versions, where npm would put them: nested
 * under its dependent or at the top), and npm's node_modules/.package-lock.json. Optional peer
 * dependencies are not installed.
 */
function dependencies() {
  const seen = new Map();
  const visit = (name, from) => {
    const dir = [join(from, "node_modules", name), join(root, "node_modules", name)].find((path) => {
      try {
        return statSync(join(path, "package.json")).isFile();
      } catch {
        return false;
      }
    });
    if (!dir) throw new Error(`${name} (a dependency) is not installed: run npm ci`);
    if (seen.has(dir)) return;
    seen.set(dir, folder(dir));
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir);
  };
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, root);
  const sizes = [...seen.values()];
  return {
    names: [...seen.keys()].map((dir) => dir.slice(dir.lastIndexOf("node_modules/") + "node_modules/".length)),
    files: sizes.reduce((sum, size) => sum + size.files, 1),
    bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
  };
}

test("the whole install stays within its ceiling, dependencies included (test/size/probes.mjs: only ever lowered)", () => {
  const { ceiling, budget } = installFootprint;
  assert.is(packed.entryCount, packed.files.length);
  const deps = dependencies();
  const files = packed.entryCount + deps.files;
  const bytes = packed.unpackedSize + deps.bytes;
  const what = `${packed.entryCount} files in the package and ${deps.files} from its dependencies (${deps.names.join(", ")}, npm's lockfile)`;
  assert.ok(files <= ceiling.files, `${files} files (${what}), ceiling ${ceiling.files}`);
  assert.ok(bytes <= ceiling.bytes, `${bytes} bytes (${what}), ceiling ${ceiling.bytes}`);
  assert.ok(ceiling.files <= budget.files && ceiling.bytes <= budget.bytes, "the ceiling is within the budget");
});

test("the tarball ships type-only modules, the testing fixture and the data once each", () => {
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

/** attw over the packed tarball, its text report (its JSON is too large to arrive whole through a pipe), and `args`. */
const attw = (args) => run("npx", ["--no", "--", "attw", tarball, "--format", "ascii", "--no-emoji", ...args]);

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
  // forgekit/routes/<scope> is checked apart, below.
  const routes = Object.keys(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports).filter((key) =>
    key.startsWith("./routes/"),
  );
  const { code, stdout, stderr } = await attw([
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
  const { code, stdout } = await attw([
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
