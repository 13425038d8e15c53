// Issue 35, item 2: `require("forgekit")`'s declarations (dist/cjs/index.d.cts) carry every type
// name the ES module exports, from the list in plugins/presets/cjs-type-names.json (read by
// build/per-file.mjs). This checks the list against the compiler's view of the module, so a new
// exported type cannot be left out. Run `node build.mjs` first.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import ts from "typescript";

const list = JSON.parse(readFileSync("plugins/presets/cjs-type-names.json", "utf8")) as { types: string[]; classes: string[] };
const nameOf = (head: string) => head.replace(/<.*$/s, "");

/** The type names `file` exports, as the compiler sees them: types only, and values that are types too. */
function exportedTypes(file: string) {
  const program = ts.createProgram([file], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const types: string[] = [];
  const classes: string[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(target.flags & ts.SymbolFlags.Type)) continue;
    (target.flags & ts.SymbolFlags.Value ? classes : types).push(symbol.name);
  }
  return { types: types.sort(), classes: classes.sort(), checker, program };
}

test("the list is every type name the full preset exports", () => {
  const { types, classes } = exportedTypes("dist/cjs/plugins/presets/full.d.cts");
  assert.equal(list.types.map(nameOf).sort(), types);
  assert.equal(list.classes.map(nameOf).sort(), classes);
  for (const name of ["RestEndpointMethodTypes", "RestEndpointMethods", "Response", "Options"]) assert.ok(types.includes(name), name);
  assert.ok(classes.includes("Octokit"));
});

test("require(\"forgekit\")'s declarations export each of them as a type", () => {
  const { types, classes } = exportedTypes("dist/cjs/index.d.cts");
  const all = [...list.types, ...list.classes].map(nameOf);
  for (const name of all) assert.ok(types.includes(name) || classes.includes(name), `${name} is not a type of require("forgekit")`);
});

test.run();
