import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";

// What an editor shows on hover, from the built package as a user installs it: TypeScript's
// language service (what VS Code and other editors run) over a user file that imports "forgekit".
// The generated method docs write their link as text, not `@see` (definitions/generate/schema.mjs,
// methodDoc), so that `tsc` does not parse them; this keeps the summary, the link, parameter and
// response field docs and `@deprecated` on aliases visible where users read them.
const root = new URL("../../", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "forgekit-editor-"));
mkdirSync(join(dir, "node_modules"));
symlinkSync(root, join(dir, "node_modules/forgekit"), "dir");
writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
const file = join(dir, "user.ts");
const source = `import forgekit from "forgekit";
const client = forgekit();
const { data } = await client.repos.get({ owner: "o", repo: "r" });
data.stargazers_count;
const get = client.repos.get;
client.repos.getBranchProtection;
client.repos.removeProtectedBranchAdminEnforcement;
`;
writeFileSync(file, source);

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
};
const service = ts.createLanguageService(
  {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const text = ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    realpath: (path) => ts.sys.realpath?.(path) ?? path,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  },
  ts.createDocumentRegistry(),
);

/** The hover of the `nth` occurrence of `word` in the user file: its documentation and tags as text. */
function hover(word: string, nth = 0): { docs: string; tags: string[]; display: string } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = source.indexOf(word, at + 1);
  assert.ok(at >= 0, `"${word}" is in the user file`);
  const info = service.getQuickInfoAtPosition(file, at + 1);
  assert.ok(info, `a hover at "${word}"`);
  return {
    docs: ts.displayPartsToString(info.documentation),
    tags: (info.tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`.trim()),
    display: ts.displayPartsToString(info.displayParts),
  };
}

test("the user file type-checks against the built package", () => {
  const errors = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)];
  assert.equal(
    errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    [],
  );
});

test("a method's hover shows its summary and its docs link", () => {
  const { docs, display } = hover("get;");
  assert.match(display, /\bget: /, display);
  assert.match(docs, /^Get a repository\b/, docs);
  assert.ok(docs.includes("Docs: https://docs.github.com/rest/repos/repos#get-a-repository"), docs);
});

test("completing a method shows its summary and its docs link", () => {
  const at = source.indexOf("client.repos.get;") + "client.repos.".length;
  const list = service.getCompletionsAtPosition(file, at, {});
  assert.ok(list?.entries.some((entry) => entry.name === "get"), "get is offered");
  const details = service.getCompletionEntryDetails(file, at, "get", {}, undefined, {}, undefined);
  const docs = ts.displayPartsToString(details?.documentation);
  assert.match(docs, /^Get a repository\b/, docs);
  assert.ok(docs.includes("Docs: https://docs.github.com/rest/repos/repos#get-a-repository"), docs);
});

test("a parameter's hover shows its description", () => {
  assert.match(hover("owner").docs, /The account owner of the repository/);
  assert.match(hover("repo:").docs, /The name of the repository without the `\.git` extension/);
});

test("a response field's hover shows its description", () => {
  const { display } = hover("stargazers_count");
  assert.match(display, /stargazers_count: number/);
});

test("another method's hover shows its own summary and link", () => {
  const { docs } = hover("getBranchProtection");
  assert.match(docs, /^Get branch protection\b/);
  assert.ok(docs.includes("Docs: https://docs.github.com/rest/branches/branch-protection#get-branch-protection"), docs);
});

test("a deprecated alias shows its @deprecated tag with the new name", () => {
  const { tags } = hover("removeProtectedBranchAdminEnforcement");
  assert.ok(
    tags.some((tag) => tag.startsWith("@deprecated") && tag.includes("repos.deleteAdminBranchProtection")),
    tags.join("; "),
  );
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
