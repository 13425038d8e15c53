// dist/node: the Node bundle (what Node's `import` and the bin load; docs/how-it-works.md#start-up).
import { readFileSync, writeFileSync } from "node:fs";
import { posix, relative } from "node:path";
import { build as esbuild } from "esbuild";
import { listFiles, versionDefine } from "./files.mjs";

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
// dependency of the kernel (dist/cjs inlines it too) whose four files would be opened at every
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
export async function buildNodeBundle() {
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
    define: versionDefine(),
    plugins: [withPreset, externalPackages, ownUrl],
  });
  const placeholder = new RegExp(`"${OWN_URL}([^"]+)"`, "g");
  for (const output of Object.keys(metafile.outputs)) {
    const code = readFileSync(output, "utf8");
    if (!code.includes(OWN_URL)) continue;
    const from = posix.dirname(output);
    const url = (_, file) => {
      const path = posix.relative(from, `dist/node/${file}`);
      return `new URL(${JSON.stringify(path.startsWith(".") ? path : `./${path}`)}, import.meta.url).href`;
    };
    writeFileSync(output, code.replace(placeholder, url));
  }
}
