// The file system: which committed files are generated, which differ from a fresh generation,
// and writing the tree. The only I/O of the generator besides reading its inputs.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { REPO_ROOT } from "./util.mjs";

/** Folders whose every file is generated; `keep` lists the hand-written ones inside them. */
export const GENERATED_DIRS = [
  { dir: "definitions", keep: ["definitions/generate/", "definitions/decode/"] },
  { dir: "types", keep: [] },
  { dir: "plugins/cli/generated", keep: [] },
];

function committedFiles() {
  const files = [];
  for (const { dir, keep } of GENERATED_DIRS) {
    const url = new URL(`${dir}/`, REPO_ROOT);
    if (!existsSync(url)) continue;
    for (const entry of readdirSync(url, { recursive: true })) {
      const path = `${dir}/${String(entry).replaceAll("\\", "/")}`;
      if (keep.some((prefix) => path.startsWith(prefix))) continue;
      if (statSync(new URL(path, REPO_ROOT)).isFile()) files.push(path);
    }
  }
  return files.sort();
}

/** `changed <path>` / `missing <path>` / `stale <path>` for every difference from a fresh generation. */
export function changedFiles(files) {
  const changes = [];
  const committed = new Set(committedFiles());
  for (const [path, text] of files) {
    if (!committed.has(path)) changes.push(`missing ${path}`);
    else if (readFileSync(new URL(path, REPO_ROOT), "utf8") !== text) changes.push(`changed ${path}`);
  }
  for (const path of committed) if (!files.has(path)) changes.push(`stale   ${path}`);
  return changes;
}

/**
 * Write what changed and delete generated files that are no longer generated, and the folders
 * that leaves empty (git keeps no empty folder: a checkout would not have them); returns the count.
 */
export function writeTree(files) {
  let count = 0;
  for (const path of committedFiles()) {
    if (files.has(path)) continue;
    rmSync(new URL(path, REPO_ROOT));
    count++;
    for (let dir = path.slice(0, path.lastIndexOf("/")); dir.includes("/"); dir = dir.slice(0, dir.lastIndexOf("/"))) {
      const url = new URL(`${dir}/`, REPO_ROOT);
      if (readdirSync(url).length) break;
      rmSync(url, { recursive: true });
    }
  }
  for (const [path, text] of files) {
    const url = new URL(path, REPO_ROOT);
    if (existsSync(url) && readFileSync(url, "utf8") === text) continue;
    mkdirSync(new URL("./", url), { recursive: true });
    writeFileSync(url, text);
    count++;
  }
  return count;
}
