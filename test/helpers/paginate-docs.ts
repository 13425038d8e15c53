// Runs the ```ts samples of a guide (docs/pagination.md, docs/previews-and-media-types.md,
// docs/debugging.md; not the ```ts no-run ones) as modules, with forgekit's package
// specifiers pointed at the sources. The samples read GITHUB_API_URL, set by the caller.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);

/** The runnable samples of `docs/<guide>`. */
export function samplesOf(guide: string): string[] {
  return [...readFileSync(new URL(`docs/${guide}`, root), "utf8").matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(
    (m) => m[1] ?? "",
  );
}

/** `forgekit/core`, `forgekit/plugins/<name>` and `debug` → files of this checkout. */
function resolveImports(sample: string): string {
  const at = (path: string) => JSON.stringify(new URL(path, root).href);
  return sample
    .replace(/from "forgekit\/core"/g, `from ${at("kernel/index.ts")}`)
    .replace(/from "forgekit\/plugins\/([\w-]+)"/g, (_m, name: string) => `from ${at(`plugins/${name}/index.ts`)}`)
    .replace(/from "debug"/g, `from ${at("node_modules/debug/src/index.js")}`);
}

/** A scratch directory for sample modules, and a function that runs one sample there. */
export function sampleRunner(): { run(sample: string, index: number): Promise<void>; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), "forgekit-guide-"));
  return {
    async run(sample, index) {
      const source = resolveImports(sample);
      if (/from "forgekit/.test(source)) throw new Error(`sample ${index + 1} imports an unknown forgekit entry`);
      const file = join(dir, `sample-${index + 1}.ts`);
      writeFileSync(file, source);
      await import(pathToFileURL(file).href);
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
