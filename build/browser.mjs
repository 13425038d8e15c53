// dist/browser: the preset for browsers as an ES module with lazy chunks and as a classic
// script (docs/browsers-and-bundle-size.md).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { build as esbuild } from "esbuild";
import { chunkRetry } from "./chunk-retry.mjs";
import { classicChunks } from "./classic-chunks.mjs";
import { versionDefine } from "./files.mjs";

// The classic script carries every built-in plugin (the edge preset): a page using it has no
// way to add one later. Its first download holds the kernel and the preset; the code they load
// with import() is one module beside it (build/classic-chunks.mjs).
const CLASSIC_GLOBAL = `import "forgekit-classic:runtime";
import * as forgekit from "./plugins/presets/edge.ts";
const { Client, default: _factory, ...named } = forgekit;
globalThis.Client = Object.assign(Client, named);`;
/** The plugins the browser preset leaves out, one import each (docs/browsers-and-bundle-size.md). */
export const OPTIONAL_PLUGINS = Object.fromEntries(
  ["app-auth", "cache", "debug", "graphql", "otel", "retry", "throttle"].map((name) => [
    `plugins/${name}`,
    `plugins/${name}/index.ts`,
  ]),
);
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
  define: versionDefine(),
  // A failed chunk loads again on the next call (build/chunk-retry.mjs); ESM output only.
  plugins: [chunkRetry],
};
const esm = {
  ...options,
  // The preset, and each plugin it leaves out as a module of its own beside it
  // (`import { retry } from ".../dist/browser/plugins/retry.mjs"`), sharing the kernel's chunks.
  entryPoints: { forgekit: "plugins/presets/browser.ts", ...OPTIONAL_PLUGINS },
  format: "esm",
  splitting: true,
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
};
/** The browser builds, shared with `size` so that what is measured is what ships. */
export const browser = {
  options,
  esm,
  classic: {
    ...options,
    format: "iife",
    // Scope routes are the module build's chunks, fetched beside the script, and the code it loads
    // with import() one module beside it (build/classic-chunks.mjs).
    plugins: [classicChunks(esm)],
    // The global `Client`, carrying every other export as a static member (`Client.HttpError`…).
    stdin: { contents: CLASSIC_GLOBAL, resolveDir: ".", loader: "ts", sourcefile: "forgekit-global.ts" },
  },
};
// Node-only code: a browser bundle that contains one of these is a build error. (A Node
// built-in already fails to resolve under platform "browser"; cross-fetch would not: its
// "browser" field swaps in a ponyfill silently.)
const NODE_ONLY_INPUT =
  /^(?:node:|plugins\/agent\/|node_modules\/(?:cross-fetch|node-fetch|whatwg-url|tr46|webidl-conversions)\/)/;

/** The output files the build's entries load, statically or with import(), transitively. */
function reachable(metafile, entries) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !metafile.outputs[file]) return;
    seen.add(file);
    for (const edge of metafile.outputs[file].imports) if (!edge.external) visit(edge.path);
  };
  for (const [file, output] of Object.entries(metafile.outputs)) if (entries.includes(output.entryPoint)) visit(file);
  return seen;
}

export async function buildBrowser() {
  const esm = await esbuild({ ...browser.esm, outdir: "dist/browser", metafile: true, write: false });
  // esbuild writes a chunk for every import() it saw, even one in code it then left out (the
  // parameter metadata and alias tables: no entry's code can load them); only what an entry
  // reaches ships.
  const shipped = reachable(esm.metafile, Object.values(browser.esm.entryPoints));
  const cwd = `${process.cwd()}/`;
  esm.outputFiles = esm.outputFiles.filter((file) => shipped.has(file.path.slice(cwd.length)));
  for (const file of Object.keys(esm.metafile.outputs)) if (!shipped.has(file)) delete esm.metafile.outputs[file];
  for (const file of esm.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  const classic = await esbuild({
    ...browser.classic,
    outfile: "dist/browser/forgekit.js",
    metafile: true,
    write: false,
  });
  for (const file of classic.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  for (const [artifact, { metafile }] of Object.entries({ "forgekit.mjs": esm, "forgekit.js": classic })) {
    const nodeOnly = Object.keys(metafile.inputs).filter((input) => NODE_ONLY_INPUT.test(input));
    if (nodeOnly.length)
      throw new Error(
        `build: dist/browser/${artifact} bundles Node-only code (${nodeOnly.join(", ")}). Keep the agent plugin and cross-fetch out of plugins/presets/browser.ts and edge.ts.`,
      );
  }
  // { "chunks/repos-HASH.mjs": "definitions/api.github.com/scopes/repos.ts", "chunks/chunk-HASH.mjs": null, … }
  const manifest = {};
  for (const file of Object.keys(esm.metafile.outputs).sort())
    if (file.endsWith(".mjs"))
      manifest[file.slice("dist/browser/".length)] = esm.metafile.outputs[file].entryPoint ?? null;
  writeFileSync("dist/browser/chunks.json", `${JSON.stringify(manifest, null, 2)}\n`);
}
