// Helpers every build module shares: file listing and the version define.
import { readdirSync, readFileSync } from "node:fs";

/** Files under `dir` (recursively) whose path ends with `suffix`. */
export const listFiles = (dir, suffix) =>
  readdirSync(dir, { recursive: true }).flatMap((name) => (name.endsWith(suffix) ? [`${dir}/${name}`] : []));

/**
 * esbuild `define` for kernel/options.ts: package.json's version is the one source of truth,
 * injected at build time so that no build step rewrites a tracked file.
 */
export const versionDefine = (packageJson = "package.json") => ({
  FORGEKIT_VERSION: JSON.stringify(JSON.parse(readFileSync(packageJson, "utf8")).version),
});
