// Browser bundle sizes: each entry is bundled by esbuild for the browser (ESM, minified,
// es2022), then gzipped at level 9. Sizes in bytes (1 kB = 1,000 B). With `splitting`, the
// entry's size counts the entry chunk and every chunk it imports statically; chunks behind
// a dynamic import() (lazy scopes) are reported apart.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../../", import.meta.url).pathname;
const here = new URL("./", import.meta.url).pathname;
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The probes; `pkg` is the forgekit package directory whose dist/ is measured. */
export function probes(pkg) {
  const reposRoutes = join(pkg, "dist/esm/definitions/api.github.com/scopes/repos.js");
  return [
    {
      id: "forgekit-lazy",
      contender: "forgekit",
      label: "full preset, scopes lazy (entry + its static chunks)",
      contents: `export { default, Client } from "forgekit";`,
      splitting: true,
    },
    {
      id: "forgekit-inlined",
      contender: "forgekit",
      label: "full preset, all inlined (one file)",
      contents: `export { default, Client } from "forgekit";`,
      splitting: false,
    },
    {
      id: "forgekit-kernel-scope",
      contender: "forgekit",
      label: "kernel + endpoints plugin + one scope (`repos`)",
      contents: [
        `import { Client } from "forgekit/core";`,
        `import { endpoints } from "forgekit/plugins/endpoints";`,
        `import { routes } from ${JSON.stringify(reposRoutes)};`,
        `export const MyClient = Client.plugin([endpoints({ names: { repos: Object.keys(routes).join(",") }, routes: { repos: routes } })]);`,
      ].join("\n"),
      splitting: false,
    },
    {
      id: "octokit-rest",
      contender: "octokit-rest",
      label: "`@octokit/rest` (one file)",
      contents: `export { Octokit } from "@octokit/rest";`,
      splitting: false,
    },
    {
      id: "octokit-core",
      contender: "octokit-core",
      label: "`@octokit/core` (one file)",
      contents: `export { Octokit } from "@octokit/core";`,
      splitting: false,
    },
    {
      id: "fetch",
      contender: "fetch",
      label: "the hand-written fetch helper",
      contents: `export * from "./fixtures/fetch-client.mjs";`,
      splitting: false,
    },
  ];
}

async function measure(probe, resolveDir) {
  const outdir = mkdtempSync(join(tmpdir(), "forgekit-bundle-"));
  try {
    const result = await build({
      stdin: { contents: probe.contents, resolveDir, loader: "js", sourcefile: "entry.js" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      splitting: probe.splitting,
      outdir,
      absWorkingDir: resolveDir,
      write: false,
      metafile: true,
      legalComments: "none",
      logLevel: "silent",
    });
    const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
    const outputs = result.metafile.outputs;
    const entryPath = Object.keys(outputs).find((path) => outputs[path].entryPoint === "entry.js");
    const staticSet = new Set();
    const lazySet = new Set();
    const visit = (path) => {
      if (staticSet.has(path)) return;
      staticSet.add(path);
      for (const imported of outputs[path]?.imports ?? []) {
        if (imported.external) continue;
        if (imported.kind === "dynamic-import") lazySet.add(imported.path);
        else visit(imported.path);
      }
    };
    visit(entryPath);
    const bytesOf = (path) => files.get(join(resolveDir, path));
    let min = 0;
    let gzip = 0;
    for (const path of staticSet) {
      const code = bytesOf(path);
      min += code.length;
      gzip += gz(code);
    }
    const inputs = {};
    // Where the entry's bytes come from (minified bytes per source module, before gzip).
    const shortName = (input) =>
      input
        .replace(/^.*node_modules\/forgekit\/dist\/esm\//, "")
        .replace(/^.*node_modules\//, "")
        .replace(/^(\.\.\/)*(node_modules\/forgekit\/)?dist\/esm\//, "");
    for (const path of staticSet) {
      for (const [input, { bytesInOutput }] of Object.entries(outputs[path]?.inputs ?? {}))
        inputs[shortName(input)] = (inputs[shortName(input)] ?? 0) + bytesInOutput;
    }
    const topInputs = Object.entries(inputs)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    const lazy = [...lazySet].filter((path) => !staticSet.has(path)).map((path) => ({ path, gzip: gz(bytesOf(path)) }));
    return {
      id: probe.id,
      contender: probe.contender,
      label: probe.label,
      min,
      gzip,
      chunks: staticSet.size,
      lazyChunks: lazy.length,
      lazyMaxGzip: lazy.length ? Math.max(...lazy.map((c) => c.gzip)) : 0,
      topInputs,
    };
  } catch (error) {
    return {
      id: probe.id,
      contender: probe.contender,
      label: probe.label,
      error: String(error.message ?? error).split("\n")[0],
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * Measure every probe (one run: bundling is deterministic). `benchDir` is where entries
 * resolve from (a bench directory next to a node_modules holding forgekit), `pkg` the
 * forgekit package directory.
 */
export async function measureBundles(benchDir = here, pkg = root) {
  const results = [];
  for (const probe of probes(pkg)) results.push(await measure(probe, benchDir));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await measureBundles());
