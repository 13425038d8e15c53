// The classic script (dist/browser/forgekit.js) bootstraps the module build: its first download
// holds the kernel and the preset. Everything else loads beside it, resolved against the
// script's URL, through the module build's retry helper (chunks/import-retry.mjs,
// build/chunk-retry.mjs: one instance, one count of failures per chunk URL, whichever build
// asked):
// - each scope's routes: the module build's own chunks, its loader table
//   (dist/browser/chunks/loaders-HASH.mjs) and the scope's (chunks/<scope>-HASH.mjs);
// - the code it loads with import() (the retry/throttle engine, cache, debug output, GraphQL,
//   App auth, paginate, parameter checks): one companion module sharing the script's module
//   instances (dist/browser/chunks/classic-HASH.mjs, build/classic-companion.mjs).
import { createHash } from "node:crypto";
import { posix } from "node:path";
import { build as esbuild } from "esbuild";
import { bridgeSource, buildCompanion, lazyCalls, lazySources, RUNTIME } from "./classic-companion.mjs";

const LOADERS = "definitions/api.github.com/loaders.ts";

/** The module build's chunk of the route loader table (`chunks/loaders-HASH.mjs`), and its retry helper. */
async function moduleChunks(esm) {
  const { metafile } = await esbuild({
    ...esm,
    write: false,
    metafile: true,
    outdir: "dist/browser",
    logLevel: "error",
  });
  const fileOf = (test) => Object.keys(metafile.outputs).find(test)?.slice("dist/browser/".length);
  const loaders = fileOf((file) => metafile.outputs[file].entryPoint === LOADERS);
  if (!loaders)
    throw new Error(`build: the module build has no chunk for ${LOADERS}; the classic script cannot load routes.`);
  const helper = fileOf((file) => posix.basename(file) === "import-retry.mjs");
  if (!helper) throw new Error("build: the module build has no chunks/import-retry.mjs (build/chunk-retry.mjs).");
  return { loaders, helper };
}

/** The script's runtime module: its URL, the retry helper, and the loader of the companion. */
function runtimeSource({ helper }, companion, bridged) {
  return `${bridgeSource(bridged)}
const script = typeof document < "u" ? document.currentScript : null;
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
export const chunk = (file) => () => helper().then((retry) => retry.i(file, base));
let modules;
// The companion's modules, evaluated once with the script's own; a failed load is asked again.
export const lazy = (path) =>
  (modules ??= chunk(${JSON.stringify(companion)})().then((companion) => companion.default(bridge()))).then(
    (loaded) => loaded[path],
    (error) => {
      modules = undefined;
      throw error;
    },
  );
`;
}

/** The classic script's loader table: the module build's, fetched beside the script on a first call. */
function classicLoaders({ loaders }) {
  return `import { chunk } from ${JSON.stringify(RUNTIME)};
const table = chunk(${JSON.stringify(loaders)});
export const loaders = new Proxy({}, { get: (_, scope) => () => table().then((module) => module.loaders[scope]()) });
`;
}

/**
 * The classic build's modules: the loader table, the runtime, and import() of code left for the
 * companion. `planned()` gives `{ chunks, lazy, file, companion }`; in the planning pass `lazy`
 * is undefined (every import() of code is marked) and there is no companion yet.
 */
function classicModules(planned, seen) {
  return (build) => {
    build.onResolve({ filter: /^forgekit-classic:runtime$/ }, () => ({ path: RUNTIME, namespace: "classic" }));
    build.onLoad({ filter: /.*/, namespace: "classic" }, async () => {
      const { chunks, file, companion } = await planned();
      return {
        contents: runtimeSource(chunks, file, companion?.bridged ?? {}),
        loader: "js",
        resolveDir: process.cwd(),
      };
    });
    build.onLoad({ filter: /definitions[\\/]api\.github\.com[\\/]loaders\.ts$/ }, async () => ({
      contents: classicLoaders((await planned()).chunks),
      loader: "js",
    }));
    lazySources(planned, seen)(build);
  };
}

/** The companion's options: the classic build's, as one ES module of its own. */
function companionOptions(options) {
  const rest = { ...options };
  for (const key of ["plugins", "stdin", "outfile", "outdir", "format", "globalName"]) delete rest[key];
  return rest;
}

/**
 * Plan the classic build (once per set of options): a first pass leaves every import() of code
 * as a marker, which names the modules the companion holds and the modules the script holds;
 * the companion is built reading those it shares through the bridge.
 */
async function plan(options, esm) {
  const chunks = await moduleChunks(esm);
  const seen = new Set();
  const first = await esbuild({
    ...options,
    plugins: [{ name: "classic-plan", setup: classicModules(async () => ({ chunks, file: "" }), seen) }],
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const held = new Set(Object.keys(first.metafile.inputs));
  const script = first.outputFiles.find((file) => file.path.endsWith(".js")).text;
  const lazy = lazyCalls(script, seen).filter((path) => !held.has(path));
  const companion = await buildCompanion(companionOptions(options), lazy, held);
  const hash = createHash("sha256").update(companion.code).digest("hex").slice(0, 8).toUpperCase();
  return { chunks, lazy, companion, file: `chunks/classic-${hash}.mjs` };
}

/** The esbuild plugin of the classic build (needs `write: false` and `metafile: true`), given the module build's options. */
export function classicChunks(esm) {
  let planned;
  return {
    name: "classic-chunks",
    setup(build) {
      const options = build.initialOptions;
      const ready = () => (planned ??= plan({ ...options, plugins: [] }, esm));
      build.onStart(async () => {
        await ready();
      });
      const seen = new Set();
      classicModules(ready, seen)(build);
      build.onEnd(async (result) => {
        if (result.errors.length) return;
        if (!result.outputFiles || !result.metafile)
          throw new Error("build: the classic build needs esbuild's `write: false` and `metafile: true`.");
        const { lazy, companion, file } = await ready();
        const script = result.outputFiles.find((output) => output.path.endsWith(".js"));
        const calls = lazyCalls(script.text, seen);
        if (calls.join() !== lazy.join())
          throw new Error(
            `build: the classic script calls for ${calls.join(", ")} but its companion holds ${lazy.join(", ")} (build/classic-chunks.mjs).`,
          );
        const encoder = new TextEncoder();
        const cwd = `${process.cwd()}/`;
        const key = script.path.slice(cwd.length);
        // Beside the script (its own directory), loaded on first need: no static import edge.
        const companionKey = posix.join(posix.dirname(key), file);
        const contents = encoder.encode(companion.code);
        // Its inputs join the build's, so that the Node-only check and size attribution see them.
        const [built] = Object.values(companion.metafile.outputs).filter((output) => output.entryPoint);
        result.metafile.outputs[companionKey] = {
          imports: [],
          exports: ["default"],
          inputs: built.inputs,
          bytes: contents.byteLength,
        };
        for (const [input, data] of Object.entries(companion.metafile.inputs))
          if (!input.startsWith("classic-bridge:")) result.metafile.inputs[input] ??= data;
        result.outputFiles.push({ path: `${cwd}${companionKey}`, contents, hash: "", text: companion.code });
      });
    },
  };
}
