// Every name `forgekit/core` exports (kernel/index.ts, types included) is listed in
// docs/hooks-and-plugins.md's "What the kernel exports" table, with an example.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import ts from "typescript";

test("docs/hooks-and-plugins.md lists every export of forgekit/core, each row with an example", () => {
  const program = ts.createProgram(["kernel/index.ts"], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const entry = checker.getSymbolAtLocation(program.getSourceFile("kernel/index.ts")!)!;
  const names = checker.getExportsOfModule(entry).map((symbol) => symbol.name);
  assert.ok(names.length > 80, `only ${names.length} exports found`);
  const doc = readFileSync("docs/hooks-and-plugins.md", "utf8");
  const section = doc.slice(
    doc.indexOf("## What the kernel exports"),
    doc.indexOf("\n## ", doc.indexOf("## What the kernel exports") + 1),
  );
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  const listed = new Set(rows.flatMap((row) => [...row.split("|")[1]!.matchAll(/`(\w+)/g)].map((m) => m[1]!)));
  assert.equal(
    names.filter((name) => !listed.has(name)),
    [],
    "exports missing from the table",
  );
  for (const row of rows) assert.ok(/`/.test(row.split("|")[3] ?? ""), `no example: ${row.slice(0, 60)}`);
});

test.run();
