// Browser builds: a chunk that failed to load loads again on the next call.
//
// A page's module map keeps a failed `import()` of a URL (the HTML standard's fetch-a-module-
// graph steps; Chromium 150 does), so importing the same URL again fails without a request.
// This esbuild plugin sends every dynamic import of a chunk through one small module of its
// own: after a failure the next import asks for `chunk.mjs?retry=N`, a URL the module map has
// not seen. The chunk's own relative imports resolve against the same directory (the query is
// dropped), so shared chunks stay single instances, and once a URL has loaded every later
// import reuses it.
import { posix } from "node:path";
import { transformSync } from "esbuild";

// Failures are counted per absolute chunk URL in this module, which every file of a build
// imports by the same URL: two call sites of one chunk agree on its URL.
const HELPER = transformSync(
  `const failures = new Map();
export const i = (specifier, base) => {
  const url = new URL(specifier, base).href;
  const failed = failures.get(url);
  return import(failed ? url + "?retry=" + failed : url).catch((cause) => {
    if (failures.get(url) === failed) failures.set(url, (failed ?? 0) + 1);
    const error = new Error("forgekit could not load " + url + "; the next call that needs it loads it again", { cause });
    error.name = "ChunkLoadError";
    throw error;
  });
};
`,
  { minify: true, target: "es2022", charset: "ascii", format: "esm" },
).code;

const DYNAMIC_IMPORT = /\bimport\("(\.\.?\/[^"\\]+\.m?js)"\)/g;
const LOCAL = "__forgekitImport";

/** Rewrite `import("./chunk.mjs")` in `code` to go through the helper at `helper` (relative). */
export function retryDynamicImports(code, helper) {
  let count = 0;
  const rewritten = code.replace(DYNAMIC_IMPORT, (_, specifier) => {
    count++;
    return `${LOCAL}(${JSON.stringify(specifier)},import.meta.url)`;
  });
  return { code: count ? `import{i as ${LOCAL}}from${JSON.stringify(helper)};${rewritten}` : code, count };
}

/**
 * The esbuild plugin (ESM output; needs `write: false` and `metafile: true`). It adds the helper
 * as an output file of its own, recorded in the metafile as a static import of each file that
 * uses it, so size measurements count it. Every dynamic import esbuild recorded for an output
 * file must be one the rewrite found: a mismatch fails the build rather than shipping a chunk
 * that can never load again.
 */
export const chunkRetry = {
  name: "chunk-retry",
  setup(build) {
    build.onEnd((result) => {
      const { format, outdir = ".", chunkNames = "[name]-[hash]", outExtension } = build.initialOptions;
      if (format !== "esm" || result.errors.length) return;
      if (!result.outputFiles || !result.metafile)
        throw new Error("build: the chunk-retry plugin needs esbuild's `write: false` and `metafile: true`.");
      const cwd = `${process.cwd()}/`;
      const relativeKey = (path) => (path.startsWith(cwd) ? path.slice(cwd.length) : path);
      const helperKey = posix.join(outdir, posix.dirname(chunkNames), `import-retry${outExtension?.[".js"] ?? ".js"}`);
      const encoder = new TextEncoder();
      let used = false;
      result.outputFiles = result.outputFiles.map((file) => {
        const key = relativeKey(file.path);
        const output = result.metafile.outputs[key];
        if (!output || key.endsWith(".map")) return file;
        const expected = output.imports.filter((edge) => edge.kind === "dynamic-import" && !edge.external).length;
        let helper = posix.relative(posix.dirname(key), helperKey);
        if (!helper.startsWith(".")) helper = `./${helper}`;
        const { code, count } = retryDynamicImports(file.text, helper);
        if (count !== expected)
          throw new Error(
            `build: ${key} has ${expected} dynamic imports of chunks but ${count} matched the retry rewrite (build/chunk-retry.mjs); update its pattern.`,
          );
        if (!count) return file;
        used = true;
        const contents = encoder.encode(code);
        output.bytes = contents.byteLength;
        output.imports.push({ path: helperKey, kind: "import-statement" });
        return { path: file.path, contents, hash: file.hash, text: code };
      });
      if (!used) return;
      const contents = encoder.encode(HELPER);
      result.metafile.outputs[helperKey] = { imports: [], exports: ["i"], inputs: {}, bytes: contents.byteLength };
      result.outputFiles.push({ path: `${cwd}${helperKey}`, contents, hash: "", text: HELPER });
    });
  },
};
