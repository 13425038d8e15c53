// The classic script (dist/browser/forgekit.js) bootstraps the module build: it holds the kernel
// and the preset, and fetches each scope's routes from the module build's own chunk
// (dist/browser/chunks/<scope>-HASH.mjs), resolved against the script's URL, through the same
// retry helper (chunks/import-retry.mjs, build/chunk-retry.mjs) — one instance, one count of
// failures per chunk URL, whichever build asked.
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { build as esbuild } from "esbuild";

const LOADERS = "definitions/api.github.com/loaders.ts";
/** `repos: () => import("./scopes/repos.js"),` in the generated loader table. */
const LOADER = /^\s*(\w+): \(\) => import\("\.\/(scopes\/[\w-]+)\.js"\),$/gm;

/** scope → its routes chunk in the module build (`chunks/repos-HASH.mjs`), and the retry helper. */
async function moduleChunks(esm) {
  const { metafile } = await esbuild({
    ...esm,
    write: false,
    metafile: true,
    outdir: "dist/browser",
    logLevel: "error",
  });
  const outputOf = new Map(
    Object.entries(metafile.outputs).map(([file, output]) => [output.entryPoint, file.slice("dist/browser/".length)]),
  );
  const scopes = {};
  for (const [, scope, source] of readFileSync(LOADERS, "utf8").matchAll(LOADER)) {
    const file = outputOf.get(`definitions/api.github.com/${source}.ts`);
    if (!file)
      throw new Error(`build: the module build has no chunk for ${source}; the classic script cannot load it.`);
    scopes[scope] = file;
  }
  if (!Object.keys(scopes).length)
    throw new Error(`build: no loaders found in ${LOADERS}; update build/classic-chunks.mjs.`);
  const helper = Object.keys(metafile.outputs).find((file) => posix.basename(file) === "import-retry.mjs");
  if (!helper) throw new Error("build: the module build has no chunks/import-retry.mjs (build/chunk-retry.mjs).");
  return { scopes, helper: helper.slice("dist/browser/".length) };
}

/** The loader table of the classic script: each scope's chunk, fetched beside the script. */
function classicLoaders({ scopes, helper }) {
  return `const script = typeof document < "u" ? document.currentScript : null;
const base = (script && script.src) || (typeof location < "u" ? location.href : "");
let retrying;
let failures = 0;
// The module build's retry helper; if it cannot load, the next call asks again, under a new URL.
const helper = () =>
  (retrying ??= import(new URL(${JSON.stringify(helper)} + (failures ? "?retry=" + failures : ""), base).href).catch((error) => {
    retrying = undefined;
    failures++;
    throw error;
  }));
const chunk = (file) => () => helper().then((retry) => retry.i(file, base));
export const loaders = {
${Object.entries(scopes)
  .map(([scope, file]) => `  ${scope}: chunk(${JSON.stringify(file)}),`)
  .join("\n")}
};
`;
}

/** The esbuild plugin of the classic build, given the module build's options. */
export function classicChunks(esm) {
  let chunks;
  return {
    name: "classic-chunks",
    setup(build) {
      build.onLoad({ filter: /definitions[\\/]api\.github\.com[\\/]loaders\.ts$/ }, async () => ({
        contents: classicLoaders((chunks ??= await moduleChunks(esm))),
        loader: "js",
      }));
    },
  };
}
