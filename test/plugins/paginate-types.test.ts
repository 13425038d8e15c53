import { suite } from "uvu";
import * as assert from "uvu/assert";
import { fileURLToPath } from "node:url";
import ts from "typescript";

// Type-checks test/helpers/paginate-types.ts with the project's compiler options: item
// types are inferred from typed endpoint methods, and the @ts-expect-error lines must fail.
const test = suite("paginate: types");
const root = fileURLToPath(new URL("../../", import.meta.url));

test("paginate infers item types from endpoint methods and refuses wrong parameters and options", () => {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const program = ts.createProgram([`${root}test/helpers/paginate-types.ts`], { ...config.options, noEmit: true });
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName.includes("paginate"));
  const text = diagnostics.map((d) => `${d.file?.fileName}:${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  assert.equal(text, []);
});

test.run();
