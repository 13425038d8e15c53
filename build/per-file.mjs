// dist/esm and dist/cjs: one output file per source file (what bundlers and `require` use), and
// the .d.ts/.d.cts declarations beside them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { execFileSync } from "node:child_process";
import { build as esbuild } from "esbuild";
import { listFiles, toCjsSpecifiers, versionDefine } from "./files.mjs";

const SOURCE_DIRS = ["kernel", "plugins", "definitions", "types", "test/server"];

export async function buildPerFile() {
  const entryPoints = SOURCE_DIRS.flatMap((dir) => listFiles(dir, ".ts")).filter((f) => !f.endsWith(".d.ts"));
  const common = {
    entryPoints,
    outbase: ".",
    target: "es2022",
    bundle: false,
    logLevel: "warning",
    charset: "utf8",
    define: versionDefine(),
  };
  await esbuild({ ...common, outdir: "dist/esm", format: "esm", platform: "neutral" });
  // CJS has no import.meta: files that use import.meta.url get it from __filename.
  const cjs = { ...common, format: "cjs", platform: "node", outExtension: { ".js": ".cjs" } };
  await esbuild({ ...cjs, outdir: "dist/cjs", define: { ...common.define, "import.meta.url": "importMetaUrl" } });
  const importMetaUrl = 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;\n';
  for (const file of listFiles("dist/cjs", ".cjs")) {
    let code = toCjsSpecifiers(readFileSync(file, "utf8"));
    if (code.includes("importMetaUrl")) code = code.replace('"use strict";\n', `"use strict";\n${importMetaUrl}`);
    writeFileSync(file, code);
  }
  // before-after-hook is ESM-only: inline it into the one CJS module that uses it.
  const hook = { entryPoints: ["kernel/hook.ts"], outbase: undefined, outfile: "dist/cjs/kernel/hook.cjs" };
  await esbuild({ ...cjs, ...hook, bundle: true, allowOverwrite: true });
  // The mock server reads its fixture from ../fixtures relative to its own folder.
  for (const format of ["esm", "cjs", "node"]) {
    mkdirSync(`dist/${format}/test/fixtures`, { recursive: true });
    writeFileSync(`dist/${format}/test/fixtures/github-api.json`, readFileSync("test/fixtures/github-api.json"));
  }
  // require("forgekit") is the factory itself, with every named export on it.
  writeFileSync(
    "dist/cjs/index.cjs",
    `"use strict";\nconst preset = require("./plugins/presets/full.cjs");\nmodule.exports = Object.assign(preset.default, preset);\n`,
  );
}

export function buildDeclarations() {
  const tsc = ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json", "--outDir", "dist/types"];
  execFileSync(process.execPath, tsc, { stdio: "inherit" });
  for (const file of listFiles("dist/types", ".d.ts")) {
    const relative = file.slice("dist/types/".length);
    const text = readFileSync(file, "utf8");
    for (const format of ["esm", "cjs"]) mkdirSync(dirname(`dist/${format}/${relative}`), { recursive: true });
    writeFileSync(`dist/esm/${relative}`, text);
    writeFileSync(`dist/cjs/${relative.replace(/\.d\.ts$/, ".d.cts")}`, toCjsSpecifiers(text));
  }
  rmSync("dist/types", { recursive: true, force: true });
  writeFileSync(
    "dist/cjs/index.d.cts",
    `import * as preset from "./plugins/presets/full.cjs";\n/** The full preset's factory, carrying every named export (\`require("forgekit").Client\`). */\ndeclare const forgekit: typeof preset.default & typeof preset;\nexport = forgekit;\n`,
  );
}
