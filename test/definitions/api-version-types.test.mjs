// A REST API version's types come with one import (docs/api-versions.md): `apiVersion: "2026-03-10"`
// without `import type {} from "forgekit/types/api.github.com@2026-03-10"` is a type error that
// names that import, where it used to give the default version's types silently. The default
// version needs no import. Checked against the built package, as a user's strict nodenext project
// sees it. Run `node build.mjs` first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url).pathname;
mkdirSync(join(root, ".cache"), { recursive: true });
// Inside the package, so that "forgekit" resolves to this checkout's dist/ by self-reference.
const scratch = mkdtempSync(join(root, ".cache", "api-version-types-"));
test.after(() => rmSync(scratch, { recursive: true, force: true }));

const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: ["node"],
  typeRoots: [join(root, "node_modules/@types")],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

/** The type errors of `lines`, a user's module. */
function errors(name, lines) {
  const file = join(scratch, `${name}.mts`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const program = ts.createProgram([file], options);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

test("a later version without its types import is refused, naming the import; with it, typed", () => {
  const without = errors("without", [
    'import forgekit, { Octokit } from "forgekit";',
    'export const a = forgekit({ apiVersion: "2026-03-10" });',
    'export const b = new Octokit({ apiVersion: "2026-03-10" });',
  ]);
  assert.is(without.length, 2, without.join("\n"));
  for (const message of without)
    assert.match(message, 'add its types first: import type {} from \\"forgekit/types/api.github.com@2026-03-10\\"');
  const ghec = errors("ghec", [
    'import forgekit from "forgekit";',
    'import type {} from "forgekit/types/ghec";',
    'export const c = forgekit({ deployment: "ghec", apiVersion: "2026-03-10" });',
  ]);
  assert.is(ghec.length, 1, ghec.join("\n"));
  assert.match(ghec[0], 'import type {} from \\"forgekit/types/ghec@2026-03-10\\"');
  assert.equal(
    errors("with", [
      'import forgekit from "forgekit";',
      'import type {} from "forgekit/types/api.github.com@2026-03-10";',
      'const client = forgekit({ apiVersion: "2026-03-10" });',
      "// @ts-expect-error 2026-03-10 has no `assignee` on issues.create",
      'export const create = () => client.issues.create({ owner: "o", repo: "r", title: "t", assignee: "a" });',
    ]),
    [],
  );
});

test("the default version, a version known only at run time, and no version need no import", () => {
  assert.equal(
    errors("default", [
      'import forgekit from "forgekit";',
      'import type {} from "forgekit/types/ghes-3.17";',
      'export const a = forgekit({ apiVersion: "2022-11-28" });',
      'export const b = forgekit({ deployment: "ghes-3.17", apiVersion: "2022-11-28" });',
      'export const c = forgekit({ apiVersion: process.env.VERSION as "2022-11-28" | "2026-03-10" });',
      "export const d = forgekit({});",
      'export const e = () => a.issues.create({ owner: "o", repo: "r", title: "t", assignee: "a" });',
    ]),
    [],
  );
});

test.run();
