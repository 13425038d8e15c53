// Types cost what is imported (issue 39): `import forgekit from "forgekit"` reads api.github.com's
// declarations only; another deployment's or API version's come with one `forgekit/types/<name>`
// import (docs/github-enterprise.md, docs/api-versions.md), and a deployment literal whose types
// are not imported is a type error that names that import. Checked against the built package, as
// a user's strict nodenext project sees it. Run `node build.mjs` first.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { messages, userPrograms } from "../helpers/user-program.mjs";

const compile = userPrograms("types-by-import", test);

/** Type-check `source` as a user's module: the declaration files it read and its errors. */
function check(name, source) {
  const program = compile(name, source);
  return {
    read: program
      .getSourceFiles()
      .map((sourceFile) => sourceFile.fileName)
      .filter((path) => path.includes("/dist/cjs/types/"))
      .map((path) => path.slice(path.indexOf("/dist/cjs/types/") + "/dist/cjs/types/".length)),
    errors: messages(program),
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
