#!/usr/bin/env node
// forgekit's one build script; each command's code is in the module named here.
//   node build.mjs                    build dist/ (this file): the Node bundle in dist/node (what Node's
//                                     `import`, `require` and the bin load: docs/how-it-works.md#start-up),
//                                     per-file ESM + .d.ts in dist/esm, one require() entry per export in
//                                     dist/cjs, browser bundles in dist/browser (docs/browsers-and-bundle-size.md)
//   node build.mjs generate [--check] regenerate definitions/, types/ and plugins/cli/generated/ from
//                                     @octokit/openapi (definitions/generate/); --check: exit 1 if stale
//   node build.mjs size [--json] [--update <file.md>…]   bundle sizes and budgets (test/size/)
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, posix, relative } from "node:path";
import { execFileSync } from "node:child_process";
import { build as esbuild } from "esbuild";

const SOURCE_DIRS = ["kernel", "plugins", "definitions", "types", "test/server"];
const CLASSIC_GLOBAL = `import * as forgekit from "./plugins/presets/browser.ts";
const { Client, default: _factory, ...named } = forgekit;
globalThis.Client = Object.assign(Client, named);`;
const options = {
  bundle: true,
  minify: true,
  target: "es2022",
  platform: "browser",
  logLevel: "warning",
  legalComments: "none",
  // ASCII (non-ASCII escaped): a classic script is decoded in the page's charset, and on a page
  // without one "→" became "â†’" (test/browser/charset.test.ts).
  charset: "ascii",
};
/** The browser builds, shared with `size` so that what is measured is what ships. */
const browser = {
  options,
  esm: {
    ...options,
    entryPoints: { forgekit: "plugins/presets/browser.ts" },
    format: "esm",
    splitting: true,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
  },
  classic: {
    ...options,
    format: "iife",
    // The global `Client`, carrying every other export as a static member (`Client.HttpError`…).
    stdin: { contents: CLASSIC_GLOBAL, resolveDir: ".", loader: "ts", sourcefile: "forgekit-global.ts" },
  },
};
// Node-only code: a browser bundle that contains one of these is a build error. (A Node
// built-in already fails to resolve under platform "browser"; cross-fetch would not: its
// "browser" field swaps in a ponyfill silently.)
const NODE_ONLY_INPUT =
  /^(?:node:|plugins\/agent\/|node_modules\/(?:cross-fetch|node-fetch|whatwg-url|tr46|webidl-conversions)\/)/;

/** Files under `dir` (recursively) whose path ends with `suffix`. */
const listFiles = (dir, suffix) =>
  readdirSync(dir, { recursive: true }).flatMap((name) => (name.endsWith(suffix) ? [`${dir}/${name}`] : []));

async function buildNode() {
  // Type-only modules (types/) compile to empty files that nothing imports: only their .d.ts ship.
  const entryPoints = SOURCE_DIRS.filter((dir) => dir !== "types")
    .flatMap((dir) => listFiles(dir, ".ts"))
    .filter((f) => !f.endsWith(".d.ts"));
  await esbuild({
    entryPoints,
    outbase: ".",
    outdir: "dist/esm",
    format: "esm",
    platform: "neutral",
    target: "es2022",
    bundle: false,
    logLevel: "warning",
    charset: "utf8",
  });
  // The testing server's route table ships once, in dist/esm; dist/node's copy of
  // test/server/load.ts reads it there too (see `ownUrl`).
  mkdirSync("dist/esm/test/fixtures", { recursive: true });
  writeFileSync("dist/esm/test/fixtures/github-api.json", readFileSync("test/fixtures/github-api.json"));
}

const NODE_PLUGIN_ENTRIES = () =>
  listFiles("plugins", "/index.ts").filter((f) => f.split("/").length === 3 && !f.startsWith("plugins/presets/"));

/**
 * The Node bundle's entries: every module package.json's "exports" (node condition) and "bin"
 * reach. A plugin subpath is a wrapper that also imports the full preset (see `withPreset`).
 */
const nodeBundleEntries = () => [
  "kernel/index.ts",
  "plugins/presets/full.ts",
  "plugins/cli/bin.ts",
  "test/server/index.ts",
  ...NODE_PLUGIN_ENTRIES().map((file) => ({ in: `with-preset:${file}`, out: file.replace(/\.ts$/, "") })),
  ...listFiles("definitions", "/all.ts").filter((f) => f.split("/").length === 3),
  ...listFiles("definitions/api.github.com/scopes", ".ts"),
];

// esbuild puts each module in a chunk per set of entries that reach it, so a plugin entry that
// reaches a few of the preset's modules splits them off into a chunk of their own: with every
// plugin an entry, `import "forgekit"` opened 18 files. A plugin subpath therefore imports the
// full preset too (a module marked as having side effects, so esbuild keeps it): the preset's
// modules are reached by the same entries and share one chunk, `import "forgekit"` opens a
// handful of files, and a plugin subpath loads the preset's code with it (in Node, where that
// costs a few milliseconds; browsers and bundlers get dist/esm). forgekit/core stays the kernel.
const withPreset = {
  name: "with-preset",
  setup(build) {
    build.onResolve({ filter: /^with-preset:/ }, (args) => ({ path: args.path.slice(12), namespace: "with-preset" }));
    build.onResolve({ filter: /^forgekit-node-preset$/ }, () => ({
      path: "preset",
      namespace: "preset",
      sideEffects: true,
    }));
    build.onLoad({ filter: /.*/, namespace: "preset" }, () => ({
      contents: 'export { Client } from "./plugins/presets/full.ts";',
      resolveDir: process.cwd(),
      loader: "js",
    }));
    build.onLoad({ filter: /.*/, namespace: "with-preset" }, (args) => ({
      contents: `import "forgekit-node-preset";\nexport * from ${JSON.stringify(`./${args.path}`)};`,
      resolveDir: process.cwd(),
      loader: "js",
    }));
  },
};

// In a bundle, import.meta.url is the URL of whichever chunk the code landed in. The modules
// that find files next to themselves (a deployment's registry, the testing server's route
// table) get the URL their own file has in the per-file layout, dist/node/<path>.js, instead:
// a placeholder at load, resolved against the output file's own URL once the chunks exist.
const OWN_URL = "__forgekitOwnUrl:";
const ownUrl = {
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const file = relative(".", args.path).split("\\").join("/").replace(/\.ts$/, ".js");
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(OWN_URL + file)), loader: "ts" };
    });
  },
};

// Packages stay imports of the user's node_modules, except before-after-hook: an exact, ESM-only
// dependency of the kernel whose four files would be opened at every
// start-up for 3 kB of code.
const INLINED_PACKAGE = /^before-after-hook(?:\/|$)/;
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      INLINED_PACKAGE.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * dist/node: what `import "forgekit"` (and its subpaths, and the `forgekit` command) loads in
 * Node. ONE esbuild call with code splitting over every entry: each entry is a small file at
 * its dist/esm path, the code entries share is in chunks/, each module exists once (so
 * `instanceof HttpError` and plugin identity hold across subpaths), and every `import()`
 * (route tables, parameters, deferred plugins) stays a lazy chunk. A handful of files to open
 * instead of a hundred is what makes start-up fast (docs/how-it-works.md#start-up).
 */
async function buildNodeBundle() {
  const { metafile } = await esbuild({
    entryPoints: nodeBundleEntries(),
    outbase: ".",
    outdir: "dist/node",
    entryNames: "[dir]/[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    charset: "utf8",
    logLevel: "warning",
    metafile: true,
    plugins: [withPreset, externalPackages, ownUrl],
  });
  const placeholder = new RegExp(`"${OWN_URL}([^"]+)"`, "g");
  for (const output of Object.keys(metafile.outputs)) {
    const code = readFileSync(output, "utf8");
    if (!code.includes(OWN_URL)) continue;
    const from = posix.dirname(output);
    const url = (_, file) => {
      // The testing server's fixture ships once, beside dist/esm/test/server (`buildNode`).
      const path = posix.relative(from, `${file.startsWith("test/") ? "dist/esm" : "dist/node"}/${file}`);
      return `new URL(${JSON.stringify(path.startsWith(".") ? path : `./${path}`)}, import.meta.url).href`;
    };
    writeFileSync(output, code.replace(placeholder, url));
  }
}

/**
 * The declarations are read by TypeScript 4.9 and later (README, "TypeScript"): 5.0's
 * `export type * from` becomes `export * from`, the same in a declaration file, which has no
 * values. test/types/floor.test.ts type-checks a consumer with 4.9 and with the pinned compiler.
 */
const toTypeScript49 = (text) => text.replace(/^export type \* from /gm, "export * from ");

function buildDeclarations() {
  const tsc = ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json", "--outDir", "dist/types"];
  execFileSync(process.execPath, tsc, { stdio: "inherit" });
  for (const file of listFiles("dist/types", ".d.ts")) {
    const relative = file.slice("dist/types/".length);
    mkdirSync(dirname(`dist/esm/${relative}`), { recursive: true });
    writeFileSync(`dist/esm/${relative}`, toTypeScript49(readFileSync(file, "utf8")));
  }
  rmSync("dist/types", { recursive: true, force: true });
  pruneDeclarations();
  // package.json's typesVersions sends TypeScript before 4.9 here: the import fails, naming the floor.
  writeFileSync(
    "dist/typescript-4.9-or-later.d.ts",
    `// forgekit's declarations need TypeScript 4.9 or later.\nimport "forgekit needs TypeScript 4.9 or later";\n`,
  );
}

/**
 * Keep the declarations an entry's types can reach (package.json "exports" point at them) and
 * delete the rest: a module only ever loaded lazily by another (a scope's parameter metadata,
 * its paths) contributes no type a user sees.
 */
function pruneDeclarations() {
  const entries = [
    ...nodeBundleEntries().map((entry) => (typeof entry === "string" ? entry : `${entry.out}.ts`)),
    "plugins/presets/browser.ts",
  ].map((file) => `dist/esm/${file.replace(/\.ts$/, ".d.ts")}`);
  const reached = new Set();
  const specifier = /(?:from |import\()\s*"(\.{1,2}\/[^"]+)\.js"/g;
  for (let queue = entries; queue.length;) {
    const file = queue.pop();
    // (A specifier may be an example in a doc comment, naming no file.)
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    const text = readFileSync(file, "utf8");
    queue = [...queue, ...[...text.matchAll(specifier)].map((m) => posix.join(posix.dirname(file), `${m[1]}.d.ts`))];
  }
  for (const file of listFiles("dist/esm", ".d.ts")) if (!reached.has(file)) rmSync(file);
}

/**
 * dist/cjs: what `require()` loads — for each entry of the Node bundle, a two-line module that
 * requires its dist/node file (require() of ES modules, Node ^20.19 || >=22.12, as package.json's
 * "engines" says) and a declaration that re-exports its dist/esm one. One build, one set of
 * declarations, and `require` and `import` get the same classes in one process.
 */
function buildRequireEntries() {
  for (const entry of nodeBundleEntries()) {
    const source = typeof entry === "string" ? entry : `${entry.out}.ts`;
    if (source === "plugins/cli/bin.ts") continue;
    const path = source.replace(/\.ts$/, "");
    const up = "../".repeat(path.split("/").length);
    const hasDefault = /^export default /m.test(readFileSync(source, "utf8"));
    mkdirSync(dirname(`dist/cjs/${path}`), { recursive: true });
    const load = `require("${up}node/${path}.js")`;
    writeFileSync(
      `dist/cjs/${path}.cjs`,
      path === PRESET_WITH_FALLBACK ? requireWithFallback(load) : `"use strict";\nmodule.exports = ${load};\n`,
    );
    const declarations = [`export * from "${up}esm/${path}.js";`];
    if (hasDefault) declarations.push(`export { default } from "${up}esm/${path}.js";`);
    writeFileSync(`dist/cjs/${path}.d.cts`, `${declarations.join("\n")}\n`);
  }
  // require("forgekit") is the factory itself, with every named export on it: a function of its
  // own, so that the ES module's default export is not changed — a `function`, called or
  // constructed, with v16's `.plugin` (test/migration/octokit-swap.test.cjs).
  writeFileSync(
    "dist/cjs/index.cjs",
    `"use strict";\nconst preset = require("./plugins/presets/full.cjs");\nfunction forgekit(options) {\n  return preset.default(options);\n}\nmodule.exports = Object.assign(forgekit, preset, { plugin: preset.default.plugin });\n`,
  );
  writeFileSync(
    "dist/cjs/index.d.cts",
    `import * as preset from "./plugins/presets/full.cjs";\n/** The full preset's factory, carrying every named export (\`require("forgekit").Client\`). */\ndeclare const forgekit: typeof preset.default & typeof preset;\nexport = forgekit;\n`,
  );
}

/**
 * `require("forgekit")` (and so `require("@octokit/rest")` after the package swap) where require()
 * cannot load an ES module: Jest's module system (every release up to 30, without
 * --experimental-vm-modules) compiles dist/node's files as CommonJS and fails with "Cannot use
 * import statement outside a module", as Node before 20.19 fails with ERR_REQUIRE_ESM. There the
 * full preset's require() entry loads a CommonJS bundle of it instead; its `import()`s are bundled
 * too (evaluated on first use). Where require() of ES modules works, it is never loaded, so
 * `require` and `import` keep one set of classes (test/package/require-fallback.test.cjs).
 */
const PRESET_WITH_FALLBACK = "plugins/presets/full";
const FALLBACK_BUNDLE = "dist/cjs/plugins/presets/full.bundle.cjs";
const requireWithFallback = (load) => `"use strict";
try {
  module.exports = ${load};
} catch (error) {
  // (error.name, not instanceof: Jest throws it from another realm.)
  if (error?.name !== "SyntaxError" && error?.code !== "ERR_REQUIRE_ESM") throw error;
  module.exports = require("./full.bundle.cjs");
}
`;

const bareBuiltins = {
  name: "bare-builtins",
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path.slice(5), external: true }));
  },
};

async function buildRequireFallback() {
  await esbuild({
    entryPoints: [`${PRESET_WITH_FALLBACK}.ts`],
    outfile: FALLBACK_BUNDLE,
    bundle: true,
    // Smaller, and its names kept for stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    format: "cjs",
    platform: "node",
    target: "es2022",
    charset: "utf8",
    logLevel: "warning",
    // Built-ins by their bare names: Jest before 27 resolves no `node:` specifier.
    plugins: [bareBuiltins, externalPackages],
    // plugins/presets/deployments.ts finds a deployment's registry next to its own module: the
    // dist/node one (an ES module, so `deployment` needs require() of ES modules).
    define: { "import.meta.url": "__forgekitPresetUrl" },
    banner: {
      js: `"use strict";\nconst __forgekitPresetUrl = require("url").pathToFileURL(require("path").join(__dirname, "../../../node/${PRESET_WITH_FALLBACK}.js")).href;`,
    },
  });
}

async function buildBrowser() {
  const esm = await esbuild({ ...browser.esm, outdir: "dist/browser", metafile: true });
  const classic = await esbuild({ ...browser.classic, outfile: "dist/browser/forgekit.js", metafile: true });
  for (const [artifact, { metafile }] of Object.entries({ "forgekit.mjs": esm, "forgekit.js": classic })) {
    const nodeOnly = Object.keys(metafile.inputs).filter((input) => NODE_ONLY_INPUT.test(input));
    if (nodeOnly.length)
      throw new Error(
        `build: dist/browser/${artifact} bundles Node-only code (${nodeOnly.join(", ")}). Keep the agent plugin and cross-fetch out of plugins/presets/browser.ts.`,
      );
  }
  // { "chunks/repos-HASH.mjs": "definitions/api.github.com/scopes/repos.ts", "chunks/chunk-HASH.mjs": null, … }
  const manifest = {};
  for (const file of Object.keys(esm.metafile.outputs).sort())
    if (file.endsWith(".mjs"))
      manifest[file.slice("dist/browser/".length)] = esm.metafile.outputs[file].entryPoint ?? null;
  writeFileSync("dist/browser/chunks.json", `${JSON.stringify(manifest, null, 2)}\n`);
}

async function build() {
  // package.json's version is the source of truth; kernel/version.ts follows it.
  const { version } = JSON.parse(readFileSync("package.json", "utf8"));
  const text = readFileSync("kernel/version.ts", "utf8");
  const next = text.replace(/VERSION = "[^"]*"/, `VERSION = ${JSON.stringify(version)}`);
  if (next !== text) writeFileSync("kernel/version.ts", next);
  rmSync("dist", { recursive: true, force: true });
  await buildNode();
  await buildNodeBundle();
  buildDeclarations();
  buildRequireEntries();
  await buildRequireFallback();
  await buildBrowser();
}

const commands = {
  build,
  generate: async (args) => (await import("./definitions/generate/index.mjs")).generate(args),
  size: async (args) => (await import("./test/size/measure.mjs")).size(args, browser),
};
const [command = "build", ...args] = process.argv.slice(2);
if (!commands[command]) {
  console.error(`build.mjs: unknown command "${command}". Use one of: ${Object.keys(commands).join(", ")}`);
  process.exit(2);
}
await commands[command](args);
