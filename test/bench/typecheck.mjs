// Type-check cost: `tsc --noEmit --extendedDiagnostics -p` on a 10-line user file
// (fixtures/typecheck/<name>.ts, strict, nodenext, skipLibCheck, @types/node), timed from the
// parent. Instantiation and type counts come from --extendedDiagnostics.
import { join } from "node:path";
import { runNode } from "./proc.mjs";

const root = new URL("../../", import.meta.url).pathname;

/** The files: the baseline has no client library (the denominator of the ratios). */
export const TYPECHECK_FILES = [
  { id: "baseline", contender: "fetch", label: "no client (fetch + a hand-written interface)" },
  { id: "forgekit", contender: "forgekit", label: "forgekit: `client.repos.get` → `data.stargazers_count`" },
  { id: "forgekit-ghes", contender: "forgekit", label: "forgekit, a GHES 3.17 client: the same calls" },
  { id: "forgekit-2026", contender: "forgekit", label: "forgekit, a REST API 2026-03-10 client: the same calls" },
  { id: "octokit", contender: "octokit-rest", label: "@octokit/rest: `octokit.rest.repos.get` → same field" },
];

function field(text, name) {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)`, "m").exec(text);
  return match ? Number(match[1]) : NaN;
}

/**
 * One tsc run over fixture `id` in `benchDir` (the snapshot's bench directory).
 * `tscPath` defaults to this repository's TypeScript.
 */
export async function typecheck(benchDir, id, tscPath = join(root, "node_modules/typescript/bin/tsc")) {
  const project = join(benchDir, "fixtures/typecheck", `tsconfig.${id}.json`);
  const { ms, cpuMs, code, stdout } = await runNode([tscPath, "-p", project, "--extendedDiagnostics"], {
    allowFailure: true,
    cpu: true,
  });
  const errors = stdout
    .split("\n")
    .filter((line) => /error TS\d+/.test(line))
    .map((line) => line.replace(/^.*?fixtures\/typecheck\//, ""));
  return {
    ms,
    cpuMs,
    ok: code === 0,
    errors,
    instantiations: field(stdout, "Instantiations"),
    types: field(stdout, "Types"),
    files: field(stdout, "Files"),
    checkSeconds: field(stdout, "Check time"),
    memoryKb: field(stdout, "Memory used"),
  };
}
