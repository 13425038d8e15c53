// dist/node: the Node bundle (what Node's `import`, `require` and the bin load;
// docs/how-it-works.md#start-up).
import { readFileSync, writeFileSync } from "node:fs";
import { posix, relative } from "node:path";
import { build as esbuild } from "esbuild";
import { listFiles, versionDefine } from "./files.mjs";

const NODE_PLUGIN_ENTRIES = () =>
  listFiles("plugins", "/index.ts").filter((f) => f.split("/").length === 3 && !f.startsWith("plugins/presets/"));

/**
 * The Node bundle's entries: every module package.json's "exports" (node condition) and "bin"
 * reach. Each plugin is an entry of its own, so `forgekit/core` + `forgekit/plugins/auth`
 * loads the kernel and auth, nothing of the preset (test/package/node-bundle.test.mjs). The
 * price: esbuild puts the code each set of entries shares in a chunk of its own, so the preset
 * opens about one file per plugin it applies instead of one for all of them.
 */
export const nodeBundleEntries = () => [
  "kernel/index.ts",
  "plugins/presets/full.ts",
  "plugins/cli/bin.ts",
  "test/server/index.ts",
  ...NODE_PLUGIN_ENTRIES(),
  ...listFiles("definitions", "/all.ts").filter((f) => f.split("/").length === 3),
  ...listFiles("definitions/api.github.com/scopes", ".ts"),
];

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

/**
 * dist/node: what `import "forgekit"` (and its subpaths, and the `forgekit` command) loads in
 * Node. ONE esbuild call with code splitting over every entry: each entry is a small file at
 * its dist/esm path, the code entries share is in chunks/, each module exists once (so
 * `instanceof HttpError` and plugin identity hold across subpaths), and every `import()`
 * (route tables, parameters, deferred plugins) stays a lazy chunk. About a file per plugin to
 * open instead of a file per module is what makes start-up fast (docs/how-it-works.md#start-up).
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
    plugins: [externalPackages, ownUrl],
  });
  const placeholder = new RegExp(`"${OWN_URL}([^"]+)"`, "g");
  for (const output of Object.keys(metafile.outputs)) {
    const code = readFileSync(output, "utf8");
    if (!code.includes(OWN_URL)) continue;
    const from = posix.dirname(output);
    const url = (_, file) => {
      // The testing server's route table ships once, beside dist/esm/test/server (build/per-file.mjs).
      const path = posix.relative(from, `${file.startsWith("test/") ? "dist/esm" : "dist/node"}/${file}`);
      return `new URL(${JSON.stringify(path.startsWith(".") ? path : `./${path}`)}, import.meta.url).href`;
    };
    writeFileSync(output, code.replace(placeholder, url));
  }
}
