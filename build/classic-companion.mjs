// The classic script's lazily loaded code (dist/browser/chunks/classic-HASH.mjs): one ES module
// holding every module the classic script loads with import() — the retry/throttle engine, the
// cache, debug output, GraphQL, App auth, paginate, the parameter checks — so that the script's
// first download holds the kernel and the preset only (docs/browsers-and-bundle-size.md).
//
// The companion shares the script's module instances: each module it imports that the script
// already holds (the kernel, the plugins' own modules) is read from the script's bridge, an
// object per module with a getter for each name the companion imports, at the moment it is
// used (a CommonJS stand-in: property reads, never a copy). So an error class, the redactor, a
// warning said once, a hook: one of each, whichever file's code runs.
import { readFile } from "node:fs/promises";
import { dirname, posix, relative, resolve } from "node:path";
import { build as esbuild } from "esbuild";

/** The classic script's own module (build/classic-chunks.mjs): it exports `lazy(path)`. */
export const RUNTIME = "forgekit-classic:runtime";
/** The companion's free variable naming the script's bridge. */
const BRIDGE = "__forgekitBridge";

const cwd = `${process.cwd()}/`;
const repoPath = (path) => relative(cwd, path).split("\\").join("/");
/** `import("./x.js")` in a module's source (not `typeof import(…)`, a type). */
const DYNAMIC_IMPORT = /(?<!typeof\s*)\bimport\((["'])(\.\.?\/[^"']+)\.js\1\)/g;
/** `import { a, b as c } from "…"`, `export { a } from "…"`, `import * as x from "…"` (TypeScript source). */
const STATIC_IMPORT = /\b(?:import|export)\s+(type\s+)?(\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*(["'])([^"']+)\3/g;

/**
 * The classic build's loading of code modules: each import() of a module of kernel/ or plugins/
 * in `lazy` (every one, when `lazy` is undefined: the planning pass) becomes `lazy("<path>")`,
 * which loads the companion. Route data is not code: definitions/ keeps its own loaders
 * (build/classic-chunks.mjs). Each path it could name is added to `seen`.
 */
export function lazySources(planned, seen = new Set()) {
  return (build) => {
    build.onLoad({ filter: /[\\/](?:kernel|plugins)[\\/].+\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (source.search(DYNAMIC_IMPORT) < 0) return undefined;
      const { lazy } = await planned();
      let replaced = false;
      const contents = source.replace(DYNAMIC_IMPORT, (call, _, specifier) => {
        const path = repoPath(resolve(dirname(args.path), `${specifier}.ts`));
        seen.add(path);
        if (lazy && !lazy.includes(path)) return call;
        replaced = true;
        return `__forgekitLazy(${JSON.stringify(path)})`;
      });
      if (!replaced) return undefined;
      return { contents: `import { lazy as __forgekitLazy } from "${RUNTIME}";\n${contents}`, loader: "ts" };
    });
  };
}

/** The lazily loaded modules a classic build's output still calls for, of those in `candidates`. */
export function lazyCalls(code, candidates) {
  return [...candidates].filter((path) => code.includes(JSON.stringify(path))).sort();
}

/**
 * Bundle the `lazy` modules into one ES module whose default export, given the script's bridge,
 * evaluates them once and returns `{ "<path>": namespace }`. `held` is every module the script
 * holds: those the companion imports are read through the bridge, and returned as `bridged`.
 */
export async function buildCompanion(options, lazy, held) {
  const bridged = new Set();
  const result = await esbuild({
    ...options,
    plugins: [
      {
        name: "classic-bridge",
        setup(build) {
          build.onResolve({ filter: /^\.\.?\// }, async (args) => {
            if (args.pluginData === "classic-bridge" || !args.importer) return;
            const found = await build.resolve(args.path, {
              kind: args.kind,
              importer: args.importer,
              resolveDir: args.resolveDir,
              pluginData: "classic-bridge",
            });
            if (found.errors.length) return { errors: found.errors };
            const path = repoPath(found.path);
            if (!held.has(path)) return { path: found.path };
            bridged.add(path);
            return { path, namespace: "classic-bridge" };
          });
          build.onLoad({ filter: /.*/, namespace: "classic-bridge" }, (args) => ({
            contents: `module.exports = ${BRIDGE}[${JSON.stringify(args.path)}];`,
            loader: "js",
          }));
        },
      },
    ],
    stdin: {
      contents: `${lazy.map((path, i) => `import * as m${i} from "./${path}";`).join("\n")}
export const modules = { ${lazy.map((path, i) => `${JSON.stringify(path)}: m${i}`).join(", ")} };`,
      resolveDir: ".",
      loader: "ts",
      sourcefile: "forgekit-classic-companion.ts",
    },
    format: "cjs",
    splitting: false,
    write: false,
    metafile: true,
    outdir: undefined,
    outfile: "companion.js",
    logLevel: "error",
  });
  const [output] = result.outputFiles.filter((file) => file.path.endsWith(".js"));
  const code = `export default function(${BRIDGE}){var module={exports:{}},exports=module.exports;${output.text}return module.exports.modules}\n`;
  return { code, bridged: await importedNames(result.metafile, [...bridged].sort()), metafile: result.metafile };
}

/**
 * `{ path: names }`: the value exports of each bridged module that the companion's sources
 * import (a namespace import takes them all).
 */
async function importedNames(metafile, bridged) {
  const wanted = new Map(bridged.map((path) => [path, new Set()]));
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const edges = imports.filter((edge) => edge.path.startsWith("classic-bridge:"));
    if (!edges.length) continue;
    const source = await readFile(input, "utf8");
    for (const [, type, names, , specifier] of source.matchAll(STATIC_IMPORT)) {
      const edge = edges.find((candidate) => candidate.original === specifier);
      if (!edge || type) continue;
      const into = wanted.get(edge.path.slice("classic-bridge:".length));
      if (names.startsWith("*")) into.add("*");
      else
        for (const name of names.slice(1, -1).split(","))
          if (name.trim() && !/^type\s/.test(name.trim())) into.add(name.trim().split(/\s+as\s+/)[0]);
    }
  }
  // Type-only names are no exports at run time; esbuild says which are.
  const { metafile: exported } = await esbuild({
    entryPoints: bridged,
    bundle: true,
    format: "esm",
    write: false,
    metafile: true,
    outdir: "bridge",
    logLevel: "error",
  });
  const result = {};
  for (const output of Object.values(exported.outputs)) {
    if (!output.entryPoint) continue;
    const names = wanted.get(output.entryPoint);
    result[output.entryPoint] = output.exports.filter((name) => names.has("*") || names.has(name)).sort();
  }
  return result;
}

/** The classic script's bridge: for each module the companion shares, a getter per name it imports. */
export function bridgeSource(bridged) {
  const entries = Object.entries(bridged);
  return `${entries
    .map(
      ([path, names], i) =>
        `import { ${names.map((name, j) => `${name} as b${i}_${j}`).join(", ")} } from ${JSON.stringify(posix.join(cwd, path))};`,
    )
    .join("\n")}
const bridge = () => ({
${entries
  .map(
    ([path, names], i) =>
      `  ${JSON.stringify(path)}: { ${names.map((name, j) => `get ${name}() { return b${i}_${j}; }`).join(", ")} },`,
  )
  .join("\n")}
});`;
}
