// dist/node: the Node bundle (what Node's `import`, `require` and the bin load;
// docs/how-it-works.md#start-up).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { posix, relative } from "node:path";
import { build as esbuild } from "esbuild";
import { listFiles, versionDefine } from "./files.mjs";

const NODE_PLUGIN_ENTRIES = () =>
  listFiles("plugins", "/index.ts").filter((f) => f.split("/").length === 3 && !f.startsWith("plugins/presets/"));

/**
 * The Node bundle's entries: every module package.json's "exports" (node condition) and "bin"
 * reach. How their code is split into chunks: `withPluginGroup`.
 */
export const nodeBundleEntries = () => [
  "kernel/index.ts",
  "plugins/presets/full.ts",
  "plugins/cli/bin.ts",
  "test/server/index.ts",
  ...NODE_PLUGIN_ENTRIES(),
  ...listFiles("definitions", "/all.ts").filter((f) => f.split("/").length === 3),
];

/**
 * Public entries that are pure data (`forgekit/routes/<scope>`: a scope's packed routes). No
 * code, no identity: every condition loads dist/esm's file, and `require()` wraps it
 * (build/per-file.mjs), so the package holds them once.
 */
export const dataEntries = () => listFiles("definitions/api.github.com/scopes", ".ts");

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

// A module that is pure data (route tables, parameter tables, the CLI's summaries: no import
// but `import type`) and that the code loads with `import()` is not copied into a chunk: the
// bundle imports dist/esm's per-file copy (build/per-file.mjs), so the package holds it once.
// Data has no identity to keep, and one file opens either way. The placeholder becomes a
// path relative to the output file once the chunks exist (`buildNodeBundle`).
const SHARED = "__forgekitEsm:";
const isPureData = (source) =>
  !source
    .replace(/^(?:import|export) type [^;]*;/gm, "")
    .match(/^\s*import[\s{*"']|^\s*export\s[^;=]*\bfrom\s*["']|\bimport\s*\(/m);
// Another deployment's lazily loaded data (its paths, parameters and aliases: definitions/<name>/)
// is code too, but code without identity: what it imports, statically, is data or a pure decoder
// from definitions/decode that imports nothing but types. It is shared like data, so that dist/node
// holds no second copy of it.
const PURE_DECODERS = new Set(["definitions/decode/from-base.ts", "definitions/decode/aliases.ts"]);
const valueImports = (source) =>
  [
    ...source
      .replace(/^(?:import|export) type [^;]*;/gm, "")
      .matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm),
  ].map((match) => match[1]);
function isShareable(file, seen = new Set()) {
  if (seen.has(file)) return true;
  seen.add(file);
  if (!existsSync(file)) return false;
  const source = readFileSync(file, "utf8");
  if (isPureData(source) || PURE_DECODERS.has(file))
    return !PURE_DECODERS.has(file) || valueImports(source).length === 0;
  if (!file.startsWith("definitions/")) return false;
  return valueImports(source).every(
    (path) => path.startsWith(".") && isShareable(posix.join(posix.dirname(file), path).replace(/\.js$/, ".ts"), seen),
  );
}
const sharedData = {
  name: "shared-data",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const file = posix.join(relative(".", args.resolveDir).split("\\").join("/"), args.path).replace(/\.js$/, ".ts");
      if (!/^(?:definitions|plugins)\//.test(file) || !isShareable(file)) return undefined;
      return { path: SHARED + file.replace(/\.ts$/, ".js"), external: true };
    });
  },
};

// Packages stay imports of the user's node_modules, except before-after-hook: an exact, ESM-only
// dependency of the kernel whose four files would be opened at every start-up for 3 kB of code.
const INLINED_PACKAGE = /^before-after-hook(?:\/|$)/;
export const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      INLINED_PACKAGE.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** What `roots` reach through static imports in esbuild's metafile, and the `import()` targets met on the way. */
function reach(inputs, roots) {
  const reached = new Set();
  const lazy = new Set();
  for (const queue = [...roots]; queue.length;) {
    const file = queue.pop();
    if (reached.has(file) || !inputs[file]) continue;
    reached.add(file);
    for (const { path, kind } of inputs[file].imports)
      if (kind === "import-statement") queue.push(path);
      else if (kind === "dynamic-import") lazy.add(path);
  }
  return { reached, lazy };
}

// esbuild puts each module in one chunk per set of entries (an `import()` target is one) that
// reach it, and each file costs Node ~0.5 ms of CPU to load. With every plugin an entry of its
// own, the preset opened one chunk per plugin (23 files); with every plugin entry importing the
// whole preset (before issue 21), a client composed from forgekit/core loaded the preset and its
// route data. So the entries that reach the preset's plugins — the preset, the CLI and those
// plugins' subpaths — and their lazily loaded modules also import GROUP, a module (marked
// as having side effects, so it is kept) that re-exports every plugin the preset applies: those
// plugins' modules are reached by the same set of entries and share one chunk. The preset's own
// modules (plugins/presets/, the api.github.com route data) stay in chunks that only the preset
// and the CLI reach. Each module still exists once (`instanceof HttpError`, plugin identity).
// docs/how-it-works.md#start-up has the measurements; test/package/node-bundle.test.mjs counts files.
const GROUP = "forgekit-node-plugins";
// The exception: a module that a plugin outside the group shares with a plugin in it would be a
// chunk of its own (reached by another set of entries), one more file for `import "forgekit"`
// and for a client composed from forgekit/core. A module listed here holds no state (a pure
// check, no identity to keep: what it throws is the kernel's ParameterError), so the outside
// plugin's entry gets a copy of its own instead, and the group's chunk keeps the original.
const COPIED_OUTSIDE_GROUP = new Set([
  // App config check: `auth` (in the group) and `appAuth` (forgekit/plugins/app-auth) both run it.
  "plugins/auth/check-app.ts",
]);

async function withPluginGroup(entries) {
  const plugins = NODE_PLUGIN_ENTRIES();
  const { metafile } = await esbuild({
    entryPoints: ["plugins/presets/full.ts", ...plugins],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    outdir: "dist/node",
    write: false,
    metafile: true,
    logLevel: "warning",
    plugins: [externalPackages],
  });
  const preset = reach(metafile.inputs, ["plugins/presets/full.ts"]).reached;
  const group = plugins.filter((entry) => [...preset].some((file) => file.startsWith(posix.dirname(entry) + "/")));
  const inGroup = (file) => group.some((entry) => file.startsWith(posix.dirname(entry) + "/"));
  const { reached, lazy } = reach(metafile.inputs, group);
  const lazyPluginCode = [...lazy].filter((file) => inGroup(file) && !reached.has(file));
  // forgekit/app composes the preset as the CLI does (its default client class).
  const wrapped = new Set(["plugins/presets/full.ts", "plugins/cli/index.ts", "plugins/app/index.ts", ...group]);
  // The bin is run for its effect: GROUP goes into its source, as into the lazily loaded modules.
  const prepended = new Set([...lazyPluginCode, "plugins/cli/bin.ts"]);
  const plugin = {
    name: "plugin-group",
    setup(build) {
      build.onResolve({ filter: /^with-group:/ }, (args) => ({ path: args.path.slice(11), namespace: "with-group" }));
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const importer = relative(".", args.importer).split("\\").join("/");
        if (!importer.startsWith("plugins/") || inGroup(importer)) return undefined;
        const file = posix.join(posix.dirname(importer), args.path).replace(/\.js$/, ".ts");
        return COPIED_OUTSIDE_GROUP.has(file) ? { path: file, namespace: "copied" } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: "copied" }, (args) => ({
        contents: readFileSync(args.path, "utf8"),
        resolveDir: posix.dirname(args.path),
        loader: "ts",
      }));
      build.onResolve({ filter: new RegExp(`^${GROUP}$`) }, () => ({
        path: GROUP,
        namespace: GROUP,
        sideEffects: true,
      }));
      build.onLoad({ filter: /.*/, namespace: GROUP }, () => ({
        contents: group.map((file, i) => `export * as p${i} from ${JSON.stringify(`./${file}`)};`).join("\n"),
        resolveDir: process.cwd(),
        loader: "js",
      }));
      build.onLoad({ filter: /.*/, namespace: "with-group" }, (args) => {
        const path = JSON.stringify(`./${args.path}`);
        const hasDefault = /^export default /m.test(readFileSync(args.path, "utf8"));
        const reexport = `export * from ${path};\n${hasDefault ? `export { default } from ${path};\n` : ""}`;
        return { contents: `import "${GROUP}";\n${reexport}`, resolveDir: process.cwd(), loader: "js" };
      });
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const file = relative(".", args.path).split("\\").join("/");
        const source = prepended.has(file) ? readFileSync(args.path, "utf8") : "";
        // (import.meta.url is ownUrl's to rewrite; none of these modules uses it.)
        if (!source || source.includes("import.meta.url")) return undefined;
        const [, shebang = "", rest] = /^(#!.*\n)?([\s\S]*)$/.exec(source);
        return { contents: `${shebang}import "${GROUP}";\n${rest}`, loader: "ts" };
      });
    },
  };
  const entryPoints = entries.map((entry) =>
    wrapped.has(entry) ? { in: `with-group:${entry}`, out: entry.replace(/\.ts$/, "") } : entry,
  );
  return { entryPoints, plugins: [plugin] };
}

/**
 * dist/node: what `import "forgekit"` (and its subpaths, and the `forgekit` command) loads in
 * Node. ONE esbuild call with code splitting over every entry: each entry is a small file at
 * its dist/esm path, the code entries share is in chunks/, each module exists once (so
 * `instanceof HttpError` and plugin identity hold across subpaths), and every `import()`
 * (route tables, parameters, code plugins load on first use) stays a lazy chunk. A handful of
 * files to open instead of a file per module is what makes start-up fast
 * (docs/how-it-works.md#start-up).
 */
export async function buildNodeBundle() {
  const layout = await withPluginGroup(nodeBundleEntries());
  const { metafile } = await esbuild({
    entryPoints: layout.entryPoints,
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
    define: versionDefine(),
    plugins: [...layout.plugins, sharedData, externalPackages, ownUrl],
  });
  const placeholder = new RegExp(`"${OWN_URL}([^"]+)"`, "g");
  const shared = new RegExp(`"${SHARED}([^"]+)"`, "g");
  for (const output of Object.keys(metafile.outputs)) {
    const code = readFileSync(output, "utf8");
    if (!code.includes(OWN_URL) && !code.includes(SHARED)) continue;
    const from = posix.dirname(output);
    const esm = (_, file) => {
      const path = posix.relative(from, `dist/esm/${file}`);
      return JSON.stringify(path.startsWith(".") ? path : `./${path}`);
    };
    const url = (_, file) => {
      // The testing server's route table and definitions/' data files ship once, in dist/esm, beside
      // the modules that read them there (build/per-file.mjs).
      const inEsm = file.startsWith("test/") || file.startsWith("definitions/");
      const path = posix.relative(from, `${inEsm ? "dist/esm" : "dist/node"}/${file}`);
      return `new URL(${JSON.stringify(path.startsWith(".") ? path : `./${path}`)}, import.meta.url).href`;
    };
    writeFileSync(output, code.replace(placeholder, url).replace(shared, esm));
  }
}
