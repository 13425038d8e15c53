// A REST API version's types come with one import (docs/api-versions.md): `apiVersion: "2026-03-10"`
// without `import type {} from "forgekit/types/api.github.com@2026-03-10"` is a type error that
// names that import, where it used to give the default version's types silently. The default
// version needs no import. Checked against the built package, as a user's strict nodenext project
// sees it. Run `node build.mjs` first.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { messages, userPrograms } from "../helpers/user-program.mjs";

const compile = userPrograms("api-version-types", test);

/** The type errors of `lines`, a user's module. */
function errors(name, lines) {
  return messages(compile(name, `${lines.join("\n")}\n`));
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
