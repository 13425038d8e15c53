#!/usr/bin/env node
// forgekit's one build script.
//   node build.mjs            build dist/ (ESM per file, CJS, browser bundles, declarations)
//   node build.mjs generate   regenerate definitions/ and types/ from @octokit/openapi
//   node build.mjs generate --check   fail when regenerating would change committed output
//   node build.mjs size       print bundle sizes and enforce budgets
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const [command = "build", ...args] = process.argv.slice(2);

// #region generate (owner: generator)
async function generate(_args) {
  throw new Error("generate: not written yet");
}
// #endregion generate

// #region build (owner: kernel)
async function build() {}
// #endregion build

// #region size (owner: kernel)
async function size() {}
// #endregion size

const commands = { build, generate, size };
if (!commands[command]) {
  console.error(`build.mjs: unknown command "${command}". Use one of: ${Object.keys(commands).join(", ")}`);
  process.exit(2);
}
await commands[command](args);
