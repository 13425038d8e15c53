// Node module hooks that run the TypeScript sources directly in tests: `.js` specifiers
// that point at a `.ts` file resolve to it, and `.ts` files are transpiled by esbuild, with the
// version defined as the build defines it (build/files.mjs).
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { versionDefine } from "../../build/files.mjs";

const define = versionDefine(new URL("../../package.json", import.meta.url));

export async function resolve(specifier, context, next) {
  if (specifier.endsWith(".js") && /^(\.|\/|file:)/.test(specifier) && context.parentURL?.startsWith("file:")) {
    const url = new URL(specifier.slice(0, -3) + ".ts", context.parentURL);
    if (existsSync(fileURLToPath(url)) && !existsSync(fileURLToPath(new URL(specifier, context.parentURL)))) {
      return { url: url.href, format: "module", shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith(".ts")) return next(url, context);
  const source = await readFile(fileURLToPath(url), "utf8");
  const { code } = await transform(source, {
    loader: "ts",
    format: "esm",
    target: "node20",
    sourcemap: "inline",
    sourcefile: fileURLToPath(url),
    define,
  });
  return { format: "module", source: code, shortCircuit: true };
}
