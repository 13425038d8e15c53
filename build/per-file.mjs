// dist/esm: one ES module per source file (what bundlers and other tools use) and the .d.ts
// files an entry reaches; dist/cjs: what `require()` loads, one small module per entry of the
// Node bundle.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, posix } from "node:path";
import { execFileSync } from "node:child_process";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { build as esbuild } from "esbuild";
import { rollup } from "rollup";
import { dts } from "rollup-plugin-dts";
import { listFiles, versionDefine } from "./files.mjs";
import { dataEntries, nodeBundleEntries } from "./node-bundle.mjs";
import { PRESET_WITH_FALLBACK, requireWithFallback } from "./require-fallback.mjs";

const SOURCE_DIRS = ["kernel", "plugins", "definitions", "test/server"];

/** An entry's source file (build/node-bundle.mjs lists an entry as a path or as `{ in, out }`). */
const sourceOf = (entry) => (typeof entry === "string" ? entry : `${entry.out}.ts`);

export async function buildPerFile() {
  // Type-only modules (types/) would compile to empty files that nothing imports: only their
  // .d.ts ship (`buildDeclarations`).
  const entryPoints = SOURCE_DIRS.flatMap((dir) => listFiles(dir, ".ts")).filter((f) => !f.endsWith(".d.ts"));
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
    define: versionDefine(),
  });
  // The testing server's route table ships once, in dist/esm, brotli-compressed (test/server/load.ts
  // reads either form); dist/node's copy of test/server/load.ts reads it there too
  // (build/node-bundle.mjs, `ownUrl`).
  mkdirSync("dist/esm/test/fixtures", { recursive: true });
  const table = brotliCompressSync(readFileSync("test/fixtures/github-api.json"), {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
  });
  writeFileSync("dist/esm/test/fixtures/github-api.json.br", table);
  // definitions/' data files (the Node preset reads api.github.com's: definitions/decode/file.ts),
  // once, beside the modules; dist/node's copy of the reader reads them here too.
  for (const file of listFiles("definitions", ".txt")) copyFileSync(file, `dist/esm/${file}`);
}

/**
 * The declarations are read by TypeScript 4.9 and later (README, "TypeScript"): 5.0's
 * `export type * from` becomes `export * from`, the same in a declaration file, which has no
 * values. test/types/floor.test.ts type-checks a consumer with 4.9 and with the pinned compiler.
 */
const toTypeScript49 = (text) => text.replace(/^export type \* from /gm, "export * from ");

/**
 * tsc indents declarations by four spaces, a third of the generated operation types' bytes:
 * a tab per level instead, and a one-line doc comment on one line. Hover text and types are
 * the same (TypeScript reads the comment's text, not its layout).
 */
const compact = (text) =>
  text
    .replace(/^(?: {4})+/gm, (indent) => "\t".repeat(indent.length / 4))
    .replace(/^(\t*)\/\*\*\n\t* \* ((?:(?!\*\/)[^\n])*)\n\t* \*\/$/gm, "$1/** $2 */");

export async function buildDeclarations() {
  const tsc = ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json", "--outDir", "dist/types"];
  execFileSync(process.execPath, tsc, { stdio: "inherit" });
  await bundleDeclarations();
  for (const file of listFiles("dist/types", ".d.ts")) {
    const relative = file.slice("dist/types/".length);
    mkdirSync(dirname(`dist/esm/${relative}`), { recursive: true });
    writeFileSync(`dist/esm/${relative}`, compact(toTypeScript49(readFileSync(file, "utf8"))));
  }
  rmSync("dist/types", { recursive: true, force: true });
  pruneDeclarations();
  toCommonJsDeclarations();
  writeDataDeclarations();
  // package.json's typesVersions sends TypeScript before 4.9 here: the import fails, naming the floor.
  writeFileSync(
    "dist/typescript-4.9-or-later.d.ts",
    `// forgekit's declarations need TypeScript 4.9 or later.\nimport "forgekit needs TypeScript 4.9 or later";\n`,
  );
}

/** Declarations kept one file per module: the public `forgekit/core` and `forgekit/types/<name>`. */
const PER_MODULE = ["kernel/", "types/"];

/**
 * The other entries' declarations bundled (rollup-plugin-dts, in place in dist/types): each entry's
 * own file, plus the chunks entries share (dist/types/plugins/chunks/, so that a shared type is one
 * declaration wherever it is imported from), instead of a file per module. The kernel's and
 * types/' stay a file per module and are imported as they are: plugins augment kernel/types.ts'
 * and kernel/errors.ts' interfaces (`declare module "../../kernel/types.js"`), and the generated
 * deployment types augment types/deployments.ts'; every bundled file sits two folders down, as
 * the modules it was made from, so that such a specifier still names its module.
 */
async function bundleDeclarations() {
  const root = `${process.cwd()}/dist/types/`;
  const entries = declarationSources().filter((file) => !PER_MODULE.some((dir) => file.startsWith(dir)));
  const bundle = await rollup({
    input: Object.fromEntries(
      entries.map((file) => [file.replace(/\.ts$/, ""), `${root}${file.replace(/\.ts$/, ".d.ts")}`]),
    ),
    plugins: [dts()],
    external: (id, importer) => {
      if (!id.startsWith(".")) return !id.startsWith("/");
      const path = posix.join(posix.dirname(importer ?? root), id);
      return PER_MODULE.some((dir) => path.startsWith(`${root}${dir}`));
    },
    // Any other warning fails the build: e.g. a private shared type that an entry's declaration
    // names without a public re-export lets a consumer's declaration emit fail (TS2742).
    onwarn: (warning) => {
      // Expected: an augmentation of a per-module declaration keeps its specifier (see above).
      if (
        !/^\[plugin dts\] declare module "\.\.\/\.\.\/(?:kernel|types)\/[\w-]+\.js" .* keeping the original specifier$/.test(
          warning.message,
        )
      )
        throw new Error(
          `build: bundling declarations warned, and a warning fails the build: ${warning.message} Fix the declaration (e.g. import the type from a public module: types/ or kernel/) instead of hiding the warning.`,
        );
    },
  });
  const { output } = await bundle.write({
    dir: root,
    format: "es",
    entryFileNames: "[name].d.ts",
    chunkFileNames: "plugins/chunks/[name]-[hash].d.ts",
  });
  await bundle.close();
  // The specifiers as tsc writes them (double quotes), which the steps below read.
  for (const { fileName } of output) {
    const file = `${root}${fileName}`;
    writeFileSync(file, readFileSync(file, "utf8").replace(/((?:from |import )\s*)'(\.{1,2}\/[^']+\.js)'/g, '$1"$2"'));
  }
}

/**
 * Keep the declarations an entry's types can reach (package.json "exports" point at them) and
 * delete the rest: a module only ever loaded lazily by another (a scope's parameter metadata,
 * its paths) contributes no type a user sees.
 */
function pruneDeclarations() {
  const entries = declarationEntries();
  const reached = new Set();
  const specifier = /(?:from |import\(|import |declare module )\s*"(\.{1,2}\/[^"]+)\.js"/g;
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

/** Presets "exports" gives only as ES modules (the `browser`, `workerd` and `worker` conditions). */
const ESM_ONLY_PRESETS = ["plugins/presets/browser.ts", "plugins/presets/edge.ts"];

/** The sources whose declarations package.json "exports" point at (the data entries': `writeDataDeclarations`). */
const declarationSources = () => [...requireEntries(), ...ESM_ONLY_PRESETS, ...typeEntries()];

/** Their dist/esm declarations. */
const declarationEntries = () => declarationSources().map((file) => `dist/esm/${file.replace(/\.ts$/, ".d.ts")}`);

/**
 * `forgekit/types/<name>` (types only, dist/cjs's declaration): each generated types/ file, among
 * them the other deployments' and API versions' types, which no code entry reaches (importing one
 * adds it to the endpoints plugin's typed deployments: types/deployments.ts).
 */
const typeEntries = () => listFiles("types", ".ts").filter((file) => !file.slice("types/".length).includes("/"));

/** The source files with a `require()` entry in dist/cjs: each Node entry but the bin. */
const requireEntries = () =>
  nodeBundleEntries()
    .map(sourceOf)
    .filter((source) => source !== "plugins/cli/bin.ts");

/**
 * `forgekit/routes/<scope>` (build/node-bundle.mjs `dataEntries`) is dist/esm's module under every
 * condition, `require()` included (require() of an ES module: it returns the same namespace a
 * wrapper would), and every scope's module has the same shape: one declaration serves them all.
 * It is CommonJS, which an ES module may import too, so that one file serves both module kinds;
 * package.json "exports" names it for each scope's own key (one key per scope, not a pattern, so
 * that a made-up `forgekit/routes/<name>` does not type-check: test/package/routes-exports.test.mjs).
 */
export const DATA_DECLARATION = "dist/cjs/definitions/api.github.com/scope.d.cts";
function writeDataDeclarations() {
  const [first] = dataEntries();
  if (!first) return;
  const text = `/** A scope's operations, packed one per line (definitions/generate/pack.mjs; decoded by \`endpoints\`). */\nexport declare const routes: string;\n`;
  if (!/^export const routes\b/m.test(readFileSync(first, "utf8")))
    throw new Error(
      `build: ${first} no longer exports only \`routes\`; update writeDataDeclarations (build/per-file.mjs)`,
    );
  mkdirSync(dirname(DATA_DECLARATION), { recursive: true });
  writeFileSync(DATA_DECLARATION, text);
}

/**
 * One set of declarations for `import` and `require` (README, "TypeScript"). TypeScript 4.9, and
 * later ones under `module: node16`, refuse a CommonJS file that imports an ES module's
 * declarations (TS1479), even for a type, while an ES module may import CommonJS ones. So every
 * declaration is CommonJS, dist/cjs/<path>.d.cts, its relative imports naming `.cjs` (a
 * `require()` entry's beside its module). An entry's dist/esm/<path>.d.ts, what "exports" gives
 * `import`, stays an ES module that re-exports its dist/cjs one (the browser and edge presets', which
 * have no `require()` entry, are their own). Both sides reach the same files, so a class is one type in
 * a program that has both, and the package has no more files than with ES module declarations.
 * None imports an ES-module-only package (kernel/hook.ts declares its own hook type).
 * test/types/floor.test.ts type-checks an ES module and a CommonJS consumer with 4.9 and with
 * the pinned compiler.
 */
function toCommonJsDeclarations() {
  const files = new Set(listFiles("dist/esm", ".d.ts"));
  const required = new Set(requireEntries().map((file) => `dist/esm/${file.replace(/\.ts$/, ".d.ts")}`));
  const esmOnly = new Set(ESM_ONLY_PRESETS.map((file) => `dist/esm/${file.replace(/\.ts$/, ".d.ts")}`));
  const target = (file) =>
    esmOnly.has(file) ? file : file.replace(/^dist\/esm\//, "dist/cjs/").replace(/\.d\.ts$/, ".d.cts");
  const specifierTo = (from, file) => {
    const path = posix.relative(posix.dirname(from), target(file)).replace(/\.d\.c?ts$/, ".cjs");
    return path.startsWith(".") ? path : `./${path}`;
  };
  // Only specifiers that name a declaration: a doc comment's example stays as written.
  const specifier = /((?:from |import\(|import |declare module )\s*")(\.{1,2}\/[^"]+)\.js"/g;
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(specifier, (match, head, path) => {
      const imported = posix.join(posix.dirname(file), `${path}.d.ts`);
      return files.has(imported) ? `${head}${specifierTo(target(file), imported)}"` : match;
    });
    if (!esmOnly.has(file)) rmSync(file);
    mkdirSync(dirname(target(file)), { recursive: true });
    writeFileSync(target(file), text);
    if (!required.has(file)) continue;
    const own = specifierTo(file, file);
    const lines = [`export * from "${own}";`];
    // An ES module's default import of CommonJS is its module.exports: the default is `.default`.
    if (/^export (?:default |\{ default[ ,}]|\{[^}]*\bas default\b)/m.test(text))
      lines.push(
        `import cjs from "${own}";`,
        `declare const _default: typeof cjs.default;`,
        `export default _default;`,
      );
    writeFileSync(file, `${lines.join("\n")}\n`);
  }
}

/**
 * dist/cjs: what `require()` loads — for each entry of the Node bundle, a two-line module that
 * requires its dist/node file (require() of ES modules, Node ^20.19 || >=22.12, as package.json's
 * "engines" says), beside its declarations (`toCommonJsDeclarations`). One build, one set of
 * declarations, and `require` and `import` get the same classes in one process. The full
 * preset's entry falls back to a CommonJS bundle where that require() fails (build/require-fallback.mjs).
 */
export function buildRequireEntries() {
  for (const source of requireEntries()) {
    const path = source.replace(/\.ts$/, "");
    const up = "../".repeat(path.split("/").length);
    mkdirSync(dirname(`dist/cjs/${path}`), { recursive: true });
    const load = `require("${up}node/${path}.js")`;
    writeFileSync(
      `dist/cjs/${path}.cjs`,
      path === PRESET_WITH_FALLBACK ? requireWithFallback(load) : `"use strict";\nmodule.exports = ${load};\n`,
    );
  }
  // require("forgekit") is the factory itself, with every named export on it: a function of its
  // own, so that the ES module's default export is not changed — a `function`, called or
  // constructed, with v16's `.plugin` (test/migration/octokit-swap.test.cjs). Installed as
  // @octokit/rest (the package swap), it is v16's factory of the drop-in `Octokit`
  // (plugins/presets/octokit.ts, test/migration/v16-require.test.cjs).
  writeFileSync(
    "dist/cjs/index.cjs",
    `"use strict";\nconst preset = require("./plugins/presets/full.cjs");\nconst make = /[\\\\/]node_modules[\\\\/]@octokit[\\\\/]rest[\\\\/]/.test(__dirname)\n  ? preset.Octokit[Symbol.for("forgekit.v16Factory")]\n  : preset.default;\nfunction forgekit(options) {\n  return make(options);\n}\nmodule.exports = Object.assign(forgekit, preset, { plugin: make.plugin });\n`,
  );
  // Its type names too (`import type { Response } from "forgekit"` in a .cts file), from the list
  // in plugins/presets/cjs-type-names.json: a namespace of types only merges with the factory.
  const names = JSON.parse(readFileSync("plugins/presets/cjs-type-names.json", "utf8"));
  const typeNames = [...names.types, ...names.classes].map((head) => {
    const [name, params = ""] = head.split(/<(.*)>$/s);
    // The parameters' own names, in order: `<P extends X<a, b>, T = {}>` gives `<P, T>`.
    let depth = 0;
    const args = [""];
    for (const c of params) {
      if (c === "," && depth === 0) args.push("");
      else args[args.length - 1] += c;
      depth += "<{([".includes(c) ? 1 : ">})]".includes(c) ? -1 : 0;
    }
    const list = params ? `<${args.map((arg) => arg.trim().split(/\s/)[0]).join(", ")}>` : "";
    return `  export type ${head} = preset.${name}${list};`;
  });
  writeFileSync(
    "dist/cjs/index.d.cts",
    `import * as preset from "./plugins/presets/full.cjs";\n/** The full preset's factory, carrying every named export (\`require("forgekit").Client\`). */\ndeclare const forgekit: preset.RequireFactory & typeof preset.default & typeof preset;\ndeclare namespace forgekit {\n${typeNames.join("\n")}\n}\nexport = forgekit;\n`,
  );
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * dist/esm ships the modules something loads, and no other: what package.json "exports" gives
 * to a condition that reaches dist/esm (a bundler's `import`, `browser`, `workerd`, `worker`),
 * the data dist/node imports from it (build/node-bundle.mjs `sharedData`), and what those
 * import, statically or with `import()`. A Node-only entry whose every condition is dist/node's
 * (forgekit/testing, forgekit/plugins/cli) leaves no per-file copy, nor does the bin's own module.
 */
export async function pruneModules() {
  const exports = JSON.parse(readFileSync("package.json", "utf8")).exports;
  const targets = (value) =>
    typeof value === "string"
      ? [value.replace(/^\.\//, "")]
      : Object.entries(value ?? {}).flatMap(([key, inner]) => (key === "types" ? [] : targets(inner)));
  const modules = listFiles("dist/esm", ".js");
  const roots = new Set();
  for (const [key, value] of Object.entries(exports)) {
    // A pattern's matches that an exact key of their own overrides (`./plugins/cli`) are that key's.
    const keyPattern = new RegExp(`^${key.split("*").map(escapeRegExp).join("(.+)")}$`);
    for (const target of targets(value).filter((path) => path.startsWith("dist/esm/"))) {
      const pattern = new RegExp(`^${target.split("*").map(escapeRegExp).join("(.+)")}$`);
      for (const file of modules) {
        const match = pattern.exec(file);
        if (!match) continue;
        const subpath = key.replace("*", match[1] ?? "");
        if (subpath !== key && keyPattern.test(subpath) && subpath in exports) continue;
        roots.add(file);
      }
    }
  }
  for (const file of listFiles("dist/node", ".js"))
    for (const [, path] of readFileSync(file, "utf8").matchAll(/\bimport\(\s*"((?:\.\.\/)+esm\/[^"]+\.js)"\s*\)/g))
      roots.add(posix.join(posix.dirname(file), path));
  const { metafile } = await esbuild({
    entryPoints: [...roots],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "neutral",
    outdir: "dist/pruned",
    write: false,
    metafile: true,
    logLevel: "warning",
    plugins: [
      { name: "packages", setup: (build) => build.onResolve({ filter: /^[^./]/ }, () => ({ external: true })) },
    ],
  });
  const reached = new Set(Object.keys(metafile.inputs));
  for (const file of modules) if (!reached.has(file)) rmSync(file);
}
