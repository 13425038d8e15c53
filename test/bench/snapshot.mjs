// A private copy of the built package for one bench run. Other engineers rebuild dist/ while
// a run is under way (build.mjs deletes it first), so the bench copies dist/ once and runs
// every process against the copy:
//   <tmp>/node_modules/forgekit     package.json + dist/ (what `import "forgekit"` resolves to)
//   <tmp>/node_modules/<other>      symlinks to the repository's node_modules
//   <tmp>/bench                     this directory (workers, fixtures), with {"type":"module"}
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../../", import.meta.url).pathname;
const here = new URL("./", import.meta.url).pathname;

/** Files that must exist in dist/ for a run (Node entry, declarations, per-file and browser entries). */
const REQUIRED = [
  "dist/node/plugins/presets/full.js",
  "dist/esm/plugins/presets/full.js",
  "dist/esm/plugins/presets/full.d.ts",
  "dist/esm/plugins/presets/browser.js",
  "dist/esm/kernel/index.js",
];

function complete(dir) {
  return REQUIRED.every((file) => existsSync(join(dir, file)));
}

function copyPackage(pkg) {
  rmSync(pkg, { recursive: true, force: true });
  mkdirSync(pkg, { recursive: true });
  cpSync(join(root, "package.json"), join(pkg, "package.json"));
  cpSync(join(root, "dist"), join(pkg, "dist"), { recursive: true });
}

/**
 * Copy the package once dist/ is complete. A build in progress (build.mjs deletes dist/
 * first) is waited for, up to `waitMs`; a copy that raced with a rebuild is made again.
 */
export async function createSnapshot({ waitMs = 120_000, log = () => {} } = {}) {
  const deadline = Date.now() + waitMs;
  const dir = mkdtempSync(join(tmpdir(), "forgekit-bench-"));
  const modules = join(dir, "node_modules");
  const pkg = join(modules, "forgekit");
  for (let attempt = 1; ; attempt++) {
    if (complete(root)) {
      try {
        copyPackage(pkg);
        if (complete(pkg)) break;
      } catch {}
    }
    if (Date.now() > deadline) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `dist/ is incomplete (missing ${REQUIRED.filter((f) => !existsSync(join(root, f))).join(", ") || "files during the copy"}): run \`node build.mjs\` (or \`npm run bench\`, which builds first) and retry.`,
      );
    }
    if (attempt === 1) log("dist/ is being rebuilt: waiting for a complete build…");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (name === "forgekit" || name === ".bin" || name.startsWith(".")) continue;
    symlinkSync(join(root, "node_modules", name), join(modules, name));
  }
  cpSync(here, join(dir, "bench"), { recursive: true });
  writeFileSync(join(dir, "bench", "package.json"), `${JSON.stringify({ private: true, type: "module" })}\n`);
  return { dir, bench: join(dir, "bench"), pkg, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
