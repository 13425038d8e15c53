#!/usr/bin/env node
// forgekit's one build script; each command's code is in the module named here.
//   node build.mjs                    build dist/ (build/): the Node bundle in dist/node (what Node's
//                                     `import`, `require` and the bin load: docs/how-it-works.md#start-up,
//                                     build/node-bundle.mjs), per-file ESM + .d.ts in dist/esm and one
//                                     require() entry per export in dist/cjs (build/per-file.mjs; the
//                                     main one's CommonJS fallback: build/require-fallback.mjs), browser
//                                     bundles in dist/browser (build/browser.mjs,
//                                     docs/browsers-and-bundle-size.md)
//   node build.mjs generate [--check] regenerate definitions/, types/ and plugins/cli/generated/ from
//                                     @octokit/openapi (definitions/generate/); --check: exit 1 if stale
//   node build.mjs size [--json] [--update <file.md>…]   bundle sizes and budgets (test/size/)
// The build writes only into dist/ (git-ignored); package.json's version reaches the code
// through esbuild's `define` (build/files.mjs).
import { rmSync } from "node:fs";
import { browser, buildBrowser } from "./build/browser.mjs";
import { buildNodeBundle } from "./build/node-bundle.mjs";
import { buildDeclarations, buildPerFile, buildRequireEntries, pruneModules } from "./build/per-file.mjs";
import { buildRequireFallback } from "./build/require-fallback.mjs";

async function build() {
  rmSync("dist", { recursive: true, force: true });
  await buildPerFile();
  await buildNodeBundle();
  await pruneModules();
  await buildDeclarations();
  buildRequireEntries();
  await buildRequireFallback();
  await buildBrowser();
}

const commands = {
  build,
  generate: async (args) => (await import("./definitions/generate/index.mjs")).generate(args),
  size: async (args) => (await import("./test/size/measure.mjs")).size(args, browser),
};
const [command = "build", ...args] = process.argv.slice(2);
if (!commands[command]) {
  console.error(`build.mjs: unknown command "${command}". Use one of: ${Object.keys(commands).join(", ")}`);
  process.exit(2);
}
await commands[command](args);
