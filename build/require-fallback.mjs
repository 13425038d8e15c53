// dist/cjs/plugins/presets/full.bundle.cjs: `require("forgekit")` (and so `require("@octokit/rest")`
// after the package swap, docs/migrating.md) where require() cannot load an ES module.
import { build as esbuild } from "esbuild";
import { versionDefine } from "./files.mjs";
import { externalPackages } from "./node-bundle.mjs";

/**
 * Jest's module system (every release up to 30, without --experimental-vm-modules) compiles
 * dist/node's files as CommonJS and fails with "Cannot use import statement outside a module";
 * Node before 20.19 fails with ERR_REQUIRE_ESM. There the full preset's require() entry loads a
 * CommonJS bundle of it instead, its `import()`s bundled too (evaluated on first use). Where
 * require() of ES modules works the bundle is never loaded, so `require` and `import` keep one
 * set of classes (test/package/require-fallback.test.cjs).
 */
export const PRESET_WITH_FALLBACK = "plugins/presets/full";

/** The require() entry of {@link PRESET_WITH_FALLBACK}: `load`, else the bundle. */
export const requireWithFallback = (load) => `"use strict";
try {
  module.exports = ${load};
} catch (error) {
  // (error.name, not instanceof: Jest throws it from another realm.)
  if (error?.name !== "SyntaxError" && error?.code !== "ERR_REQUIRE_ESM") throw error;
  module.exports = require("./full.bundle.cjs");
}
`;

// Built-ins by their bare names: Jest before 27 resolves no `node:` specifier.
const bareBuiltins = {
  name: "bare-builtins",
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path.slice(5), external: true }));
  },
};

export async function buildRequireFallback() {
  await esbuild({
    entryPoints: [`${PRESET_WITH_FALLBACK}.ts`],
    outfile: `dist/cjs/${PRESET_WITH_FALLBACK}.bundle.cjs`,
    bundle: true,
    // Smaller, and its names kept for stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    format: "cjs",
    platform: "node",
    target: "es2022",
    charset: "utf8",
    logLevel: "warning",
    plugins: [bareBuiltins, externalPackages],
    // plugins/presets/deployments.ts finds a deployment's registry next to its own module: the
    // dist/node one (an ES module, so `deployment` needs require() of ES modules).
    define: { ...versionDefine(), "import.meta.url": "__forgekitPresetUrl" },
    banner: {
      js: `"use strict";\nconst __forgekitPresetUrl = require("url").pathToFileURL(require("path").join(__dirname, "../../../node/${PRESET_WITH_FALLBACK}.js")).href;`,
    },
  });
}
