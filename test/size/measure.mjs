// `node build.mjs size [--json] [--update <file.md>…]`: bundles each probe of probes.mjs for
// the browser (esbuild, minified, in memory) and gzips each file it loads (gzip -9). A probe
// over its budget fails the command and prints which inputs take the room. `--update`
// rewrites the text between `<!-- size:start -->` and `<!-- size:end -->` in each file with
// the tables (only the probes table between `<!-- size-summary:start -->` and `…:end -->`).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import { sizeProbes } from "./probes.mjs";

const SIZE_MARKERS = ["<!-- size:start -->", "<!-- size:end -->"];
/** The probes table alone (the README), between `<!-- size-summary:start -->` and `<!-- size-summary:end -->`. */
const SUMMARY_MARKERS = ["<!-- size-summary:start -->", "<!-- size-summary:end -->"];

/** Bundle in memory; returns esbuild's metafile and output files keyed like the metafile. */
async function bundleForSize(probe, browser) {
  const options = probe.options ?? {
    ...browser.options,
    format: "esm",
    splitting: probe.splitting ?? true,
    chunkNames: "chunks/[name]-[hash]",
    stdin: { contents: probe.contents, resolveDir: ".", loader: "ts", sourcefile: "probe.ts" },
  };
  const result = await esbuild({
    ...options,
    logLevel: "error",
    write: false,
    metafile: true,
    outdir: "size-probe",
    outfile: undefined,
  });
  const cwd = `${process.cwd()}/`;
  const files = new Map(
    result.outputFiles.map((file) => [
      file.path.startsWith(cwd) ? file.path.slice(cwd.length) : file.path,
      file.contents,
    ]),
  );
  return { metafile: result.metafile, files };
}

/** The output files a page loads to run `entryPoint`: its file and its static imports, transitively. */
function staticClosure(metafile, entryPoint) {
  const start = Object.keys(metafile.outputs).find((file) => metafile.outputs[file].entryPoint === entryPoint);
  if (!start)
    throw new Error(
      `size: the bundle has no output for ${entryPoint}: is it still imported (dynamically, for a lazy chunk)?`,
    );
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of metafile.outputs[file].imports)
      if (edge.kind === "import-statement" && !edge.external) visit(edge.path);
  };
  visit(start);
  return seen;
}

function sizeOf(bundle, outputs) {
  let min = 0;
  let gzip = 0;
  const inputs = new Map();
  for (const file of outputs) {
    const code = bundle.files.get(file);
    min += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    for (const [input, { bytesInOutput }] of Object.entries(bundle.metafile.outputs[file].inputs))
      inputs.set(input, (inputs.get(input) ?? 0) + bytesInOutput);
  }
  return { min, gzip, files: outputs.size, inputs: [...inputs].sort((a, b) => b[1] - a[1]) };
}

async function measureProbe(probe, browser) {
  const missing = (probe.needs ?? []).filter((file) => !existsSync(file));
  if (missing.length) return { missing };
  const bundle = await bundleForSize(probe, browser);
  const entry = probe.options?.entryPoints
    ? Object.values(probe.options.entryPoints)[0]
    : (probe.options?.stdin.sourcefile ?? "probe.ts");
  const outputs = probe.entryOnly
    ? new Set([Object.keys(bundle.metafile.outputs).find((file) => bundle.metafile.outputs[file].entryPoint === entry)])
    : staticClosure(bundle.metafile, entry);
  for (const lazy of probe.lazy ?? []) for (const file of staticClosure(bundle.metafile, lazy)) outputs.add(file);
  return sizeOf(bundle, outputs);
}

/**
 * The lazy chunks of `forgekit.mjs`: one row per scope (its routes chunk, `scopes/`, names included, and its parameter-
 * metadata chunk), then every other chunk loaded by a dynamic import (aliases, App auth…).
 */
async function measureChunks(browser) {
  const bundle = await bundleForSize({ options: browser.esm }, browser);
  const scopes = new Map();
  const others = [];
  for (const [file, output] of Object.entries(bundle.metafile.outputs)) {
    const match = /^definitions\/api\.github\.com\/(scopes|params)\/(.+)\.ts$/.exec(output.entryPoint ?? "");
    // (Not the build's entries: the preset and the plugins beside it, measured by measureOptional.)
    const lazy = output.entryPoint && !Object.values(browser.esm.entryPoints).includes(output.entryPoint);
    const measured = lazy ? sizeOf(bundle, new Set([file])) : undefined;
    if (!measured) continue;
    if (!match) others.push({ name: output.entryPoint, ...measured });
    else scopes.set(match[2], { ...scopes.get(match[2]), [match[1] === "scopes" ? "routes" : "params"]: measured });
  }
  return { scopes: [...scopes].sort(([a], [b]) => (a < b ? -1 : 1)), others };
}

/**
 * What each plugin the browser preset leaves out adds (`Client.plugin([x])` over the preset,
 * build/browser.mjs OPTIONAL_PLUGINS): to a bundle without splitting (its lazy code inlined),
 * and to the first download with splitting (the entry and its static imports; its lazy chunks
 * load when used).
 */
async function measureOptional(browser) {
  const entries = Object.values(browser.esm.entryPoints).filter((file) => file !== "plugins/presets/browser.ts");
  const probe = (file, splitting) => {
    const name = file?.split("/")[1].replace(/-(\w)/g, (_, c) => c.toUpperCase());
    const contents = file
      ? `import { Client } from "./plugins/presets/browser.ts";\nimport { ${name} } from "./${file}";\nexport const C = Client.plugin([${name}]);`
      : `export { Client as C } from "./plugins/presets/browser.ts";`;
    return measureProbe({ contents, splitting }, browser);
  };
  const [flat, split] = [await probe(undefined, false), await probe(undefined, true)];
  const rows = [];
  for (const file of entries) {
    const [withFlat, withSplit] = [await probe(file, false), await probe(file, true)];
    rows.push({ name: file.split("/")[1], flat: withFlat.gzip - flat.gzip, split: withSplit.gzip - split.gzip });
  }
  return rows;
}

/** What the build may not exceed: the budget, or while the design cannot meet it, the ceiling. */
const limitOf = (probe) => probe.ceiling ?? probe.budget;

const bytes = (n) => `${n.toLocaleString("en-US")} B`;
const kB = (n) => `${(n / 1000).toFixed(2)} kB`;
const both = (n) => `${kB(n)} (${bytes(n)})`;

function sizeTables(results, chunks, optional) {
  const lines = [
    "| bundle | files | min | min+gzip | budget (min+gzip) | enforced ceiling |",
    "| --- | ---: | ---: | ---: | --- | --- |",
  ];
  for (const { probe, result } of results) {
    const over = result.missing ? "" : result.gzip - probe.budget;
    const budget = `${kB(probe.budget)} ${result.missing ? "not measured" : over <= 0 ? "✓" : `✗ ${bytes(over)} over`}`;
    const ceiling = probe.ceiling ? kB(probe.ceiling) : "= budget";
    if (result.missing)
      lines.push(
        `| ${probe.name} | – | not measured: ${result.missing.join(", ")} missing | – | ${budget} | ${ceiling} |`,
      );
    else
      lines.push(
        `| ${probe.name} | ${result.files} | ${both(result.min)} | ${both(result.gzip)} | ${budget} | ${ceiling} |`,
      );
  }
  const total = (key, kind) => chunks.scopes.reduce((sum, [, scope]) => sum + (scope[kind]?.[key] ?? 0), 0);
  const cell = (measured) => (measured ? `${bytes(measured.min)} | ${bytes(measured.gzip)}` : "– | –");
  lines.push(
    "",
    "| scope chunk (lazy) | routes min | routes min+gzip | params min | params min+gzip |",
    "| --- | ---: | ---: | ---: | ---: |",
  );
  for (const [name, scope] of chunks.scopes) lines.push(`| ${name} | ${cell(scope.routes)} | ${cell(scope.params)} |`);
  for (const other of chunks.others) lines.push(`| ${other.name} | ${cell(other)} | – | – |`);
  lines.push(
    `| **all ${chunks.scopes.length} scopes** | ${bytes(total("min", "routes"))} | ${bytes(total("gzip", "routes"))} | ${bytes(total("min", "params"))} | ${bytes(total("gzip", "params"))} |`,
  );
  lines.push(
    "",
    "| one import over the browser preset | adds, no splitting (min+gzip) | adds to the first download, splitting |",
    "| --- | ---: | ---: |",
  );
  for (const row of optional)
    lines.push(`| \`forgekit/plugins/${row.name}\` | ${bytes(row.flat)} | ${bytes(row.split)} |`);
  return lines.join("\n");
}

async function updateSizeTables(file, tables) {
  const text = readFileSync(file, "utf8");
  const summary = text.includes(SUMMARY_MARKERS[0]);
  const markers = summary ? SUMMARY_MARKERS : SIZE_MARKERS;
  const [start, end] = markers.map((marker) => text.indexOf(marker));
  if (start < 0 || end < start)
    throw new Error(
      `size --update: ${file} has no ${SIZE_MARKERS.join(" … ")} (or size-summary) block. Add the two markers where the tables go.`,
    );
  const content = summary ? tables.split("\n\n")[0] : tables;
  const next = `${text.slice(0, start + markers[0].length)}\n${content}\n${text.slice(end)}`;
  // Formatted like the rest of the tree, so that `npm test`'s prettier check stays green.
  const prettier = await import("prettier");
  const config = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(next, { ...config, filepath: file }));
}

/**
 * The `size` command. `browser` is build/browser.mjs's browser build: `options` (shared), `esm`
 * (forgekit.mjs) and `classic` (forgekit.js), so that what is measured is what ships.
 */
export async function size(args, browser) {
  const updates = args.flatMap((arg, index) => (args[index - 1] === "--update" ? [arg] : []));
  const results = [];
  for (const probe of sizeProbes(browser)) results.push({ probe, result: await measureProbe(probe, browser) });
  const chunks = await measureChunks(browser);
  const optional = await measureOptional(browser);
  const tables = sizeTables(results, chunks, optional);
  if (args.includes("--json"))
    console.log(
      JSON.stringify(
        {
          probes: results.map(({ probe, result }) => ({
            name: probe.name,
            budget: probe.budget,
            ceiling: probe.ceiling ?? null,
            ...result,
          })),
          chunks,
          optional,
        },
        null,
        2,
      ),
    );
  else console.log(tables);
  for (const file of updates) await updateSizeTables(file, tables);
  const over = results.filter(({ probe, result }) => !result.missing && result.gzip > limitOf(probe));
  for (const { probe, result } of over) {
    console.error(
      `\nbuild.mjs size: "${probe.name}" is ${bytes(result.gzip - limitOf(probe))} over its ${kB(limitOf(probe))} ${probe.ceiling ? "ceiling" : "budget"}. Largest inputs (minified bytes in the output):`,
    );
    for (const [input, inputBytes] of result.inputs.slice(0, 12))
      console.error(`  ${bytes(inputBytes).padStart(10)}  ${input}`);
  }
  // exitCode, not exit(): a piped `--json` report must be flushed whole first.
  if (over.length) process.exitCode = 1;
}
