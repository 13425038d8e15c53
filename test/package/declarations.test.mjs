// The shipped declarations are compacted by the build (build/per-file.mjs `compact`: a tab per
// indent level, one-line doc comments on one line). What an editor shows must not change: the
// documentation TypeScript reads for a property, one-line and multi-line, and the types.
import { readFileSync } from "node:fs";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url).pathname;
const file = `${root}dist/cjs/types/components.d.cts`;

test("no four-space indent is left in the generated operation types", () => {
  const text = readFileSync(file, "utf8");
  assert.not.match(text, /^ {4}/m);
  assert.match(text, /^\t\/\*\* Unique identifier of the GitHub app \*\/$/m);
});

test("TypeScript reads the same documentation and types from the compacted file", () => {
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: false, strict: true });
  const source = program.getSourceFile(file);
  const checker = program.getTypeChecker();
  const docs = (typeName, property) => {
    const alias = source.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === typeName);
    assert.ok(alias, typeName);
    const type = checker.getTypeAtLocation(alias.name);
    const symbol = checker.getPropertyOfType(checker.getNonNullableType(type), property);
    assert.ok(symbol, `${typeName}.${property}`);
    return {
      text: ts.displayPartsToString(symbol.getDocumentationComment(checker)),
      type: checker.typeToString(checker.getTypeOfSymbol(symbol)),
    };
  };
  assert.equal(docs("Integration", "id"), { text: "Unique identifier of the GitHub app", type: "number" });
  const ref = source.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === "CodeScanningRef");
  assert.is(
    ts.displayPartsToString(checker.getSymbolAtLocation(ref.name).getDocumentationComment(checker)),
    "The Git reference, formatted as `refs/pull/<number>/merge`, `refs/pull/<number>/head`,\n`refs/heads/<branch name>` or simply `<branch name>`.",
  );
  assert.equal(
    ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    [],
  );
});

test.run();
