// A user's strict nodenext project type-checking the built package: tests write a module into
// a scratch folder inside the checkout (so "forgekit" resolves to this checkout's dist/ by
// self-reference) and read what the compiler read and reported. Run `node build.mjs` first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const root = new URL("../../", import.meta.url).pathname;

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

/**
 * A function that compiles `source` as the user's module `<name>.mts` and returns its program,
 * in a scratch folder named after `prefix`, removed after `suite` (uvu's `test`) has run.
 */
export function userPrograms(prefix, suite) {
  mkdirSync(join(root, ".cache"), { recursive: true });
  const scratch = mkdtempSync(join(root, ".cache", `${prefix}-`));
  suite.after(() => rmSync(scratch, { recursive: true, force: true }));
  return (name, source) => {
    const file = join(scratch, `${name}.mts`);
    writeFileSync(file, source);
    return ts.createProgram([file], options);
  };
}

/** The messages of `program`'s type errors, one string each. */
export const messages = (program) =>
  ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
