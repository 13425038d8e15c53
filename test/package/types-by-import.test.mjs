// Types cost what is imported (issue 39): `import forgekit from "forgekit"` reads api.github.com's
// declarations only; another deployment's or API version's come with one `forgekit/types/<name>`
// import (docs/github-enterprise.md, docs/api-versions.md), and a deployment literal whose types
// are not imported is a type error that names that import. Checked against the built package, as
// a user's strict nodenext project sees it. Run `node build.mjs` first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url).pathname;
mkdirSync(join(root, ".cache"), { recursive: true });
// Inside the package, so that "forgekit" resolves to this checkout's dist/ by self-reference.
const scratch = mkdtempSync(join(root, ".cache", "types-by-import-"));
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

/** Type-check `source` as a user's module: the declaration files it read and its errors. */
function check(name, source) {
  const file = join(scratch, `${name}.mts`);
  writeFileSync(file, source);
  const program = ts.createProgram([file], options);
  return {
    read: program
      .getSourceFiles()
      .map((sourceFile) => sourceFile.fileName)
      .filter((path) => path.includes("/dist/cjs/types/"))
      .map((path) => path.slice(path.indexOf("/dist/cjs/types/") + "/dist/cjs/types/".length)),
    errors: ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
  };
}

test('import "forgekit" reads api.github.com\'s types only, and a GHES literal names the import it needs', () => {
  const { read, errors } = check(
    "default",
    `import forgekit from "forgekit";\nexport const client = forgekit({ deployment: "ghes-3.17" });\n`,
  );
  assert.ok(read.includes("scopes.d.cts"), read.join());
  assert.equal(
    read.filter((path) => /^ghe|@/.test(path)),
    [],
    "no other deployment's or version's declarations",
  );
  assert.is(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], `add its types first: import type {} from \\"forgekit/types/ghes-3.17\\"`);
});

test("one import brings a deployment's types, another a version's", () => {
  const { read, errors } = check(
    "imported",
    [
      'import forgekit from "forgekit";',
      'import type {} from "forgekit/types/ghes-3.17";',
      'import type {} from "forgekit/types/api.github.com@2026-03-10";',
      'export const hooks = forgekit({ deployment: "ghes-3.17" }).enterpriseAdmin.listGlobalWebhooks;',
      'const versioned = forgekit({ apiVersion: "2026-03-10" });',
      "// @ts-expect-error 2026-03-10 has no `assignee` on issues.create",
      'export const create = () => versioned.issues.create({ owner: "o", repo: "r", title: "t", assignee: "a" });',
      "",
    ].join("\n"),
  );
  assert.equal(errors, []);
  assert.ok(read.includes("ghes-3.17.d.cts") && read.includes("api.github.com@2026-03-10.d.cts"), read.join());
  assert.not.ok(read.includes("ghes-3.19.d.cts"), read.join());
});

test.run();
