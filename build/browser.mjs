// dist/browser: the preset for browsers as an ES module with lazy chunks and as a classic
// script (docs/browsers-and-bundle-size.md).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { build as esbuild } from "esbuild";
import { chunkRetry } from "./chunk-retry.mjs";
import { versionDefine } from "./files.mjs";

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
  define: versionDefine(),
  // A failed chunk loads again on the next call (build/chunk-retry.mjs); ESM output only.
  plugins: [chunkRetry],
};
/** The browser builds, shared with `size` so that what is measured is what ships. */
export const browser = {
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

export async function buildBrowser() {
  const esm = await esbuild({ ...browser.esm, outdir: "dist/browser", metafile: true, write: false });
  for (const file of esm.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
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
