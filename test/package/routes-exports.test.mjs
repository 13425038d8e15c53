// forgekit/routes/<scope> is one "exports" key (and one typesVersions key) per scope of
// api.github.com, not a pattern: every scope shares one declaration file, so with a pattern a
// made-up `forgekit/routes/<name>` type-checked and failed only at run time. Checked against the
// built package, as a user's strict project sees it (nodenext from an ES module and a CommonJS
// one, and node10 through typesVersions). Run `node build.mjs` first.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const scopes = readdirSync(join(root, "definitions/api.github.com/scopes"))
  .filter((name) => name.endsWith(".ts"))
  .map((name) => name.slice(0, -3))
  .sort();
mkdirSync(join(root, ".cache"), { recursive: true });
// Inside the package, so that "forgekit" resolves to this checkout's dist/ by self-reference;
// node10 has none, and finds it in node_modules.
const scratch = mkdtempSync(join(root, ".cache", "routes-exports-"));
mkdirSync(join(scratch, "node_modules"));
symlinkSync(root, join(scratch, "node_modules", "forgekit"));
test.after(() => rmSync(scratch, { recursive: true, force: true }));

const FIX = 'add the scope to package.json\'s "exports" and typesVersions (one key each, as the others)';

test("package.json names every scope of api.github.com, and nothing else, under ./routes/", () => {
  const keys = Object.keys(pkg.exports).filter((key) => key.startsWith("./routes/"));
  assert.equal(
    keys,
    scopes.map((scope) => `./routes/${scope}`),
    FIX,
  );
  const typesKeys = Object.keys(pkg.typesVersions["*"]).filter((key) => key.startsWith("routes/"));
  assert.equal(
    typesKeys,
    scopes.map((scope) => `routes/${scope}`),
    FIX,
  );
  for (const scope of scopes)
    assert.equal(pkg.exports[`./routes/${scope}`], {
      types: "./dist/cjs/definitions/api.github.com/scope.d.cts",
      default: `./dist/esm/definitions/api.github.com/scopes/${scope}.js`,
    });
});

/** The errors of type-checking `source` as file `name` with `resolution`. */
function errors(name, source, resolution) {
  const file = join(scratch, name);
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: resolution === "node10" ? ts.ModuleKind.CommonJS : ts.ModuleKind.NodeNext,
    moduleResolution: resolution === "node10" ? ts.ModuleResolutionKind.Node10 : ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    // node10 is deprecated in TypeScript 6; typesVersions is what it reads.
    ...(resolution === "node10" && { ignoreDeprecations: "6.0" }),
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

const forms = [
  [
    "an ES module (nodenext)",
    "mts",
    "nodenext",
    (path) => `import { routes } from "${path}";\nexport const n: string = routes;\n`,
  ],
  [
    "a CommonJS module (nodenext)",
    "cts",
    "nodenext",
    (path) => `import routes = require("${path}");\nexport const n: string = routes.routes;\n`,
  ],
  [
    "node10 (typesVersions)",
    "ts",
    "node10",
    (path) => `import { routes } from "${path}";\nexport const n: string = routes;\n`,
  ],
];

for (const [label, extension, resolution, source] of forms) {
  test(`${label}: a scope's module type-checks, a made-up one is an error`, () => {
    assert.equal(errors(`real-${resolution}.${extension}`, source("forgekit/routes/code-scanning"), resolution), []);
    const made = errors(`made-up-${resolution}.${extension}`, source("forgekit/routes/not-a-scope"), resolution);
    assert.is(made.length, 1, made.join("\n"));
    assert.match(made[0], /^TS2307: Cannot find module 'forgekit\/routes\/not-a-scope'/);
  });
}

test.run();
