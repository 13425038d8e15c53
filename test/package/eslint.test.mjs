// ESLint passes on the repository with zero warnings (config and rule choices: eslint.config.mjs),
// and the config is live: a probe with a loose comparison, and one with a floating promise in a
// kernel module (a rule that needs type information), are each reported. Run `npm run lint`
// for the findings with their locations.
import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url).pathname;
// The second test lints a text that differs from the file on disk. Under CI=true typescript-eslint
// infers a "single run" and checks such a text in a program of its own, without tsconfig.json's
// options and without the project's other files (TypeScript 6.0.3 throws in it while naming a
// type: "reading 'includes'" in getLocalModuleSpecifier). A watch program, what editors use,
// sees the edited text inside the project, which is what this test is about.
process.env.TSESTREE_SINGLE_RUN = "false";
const eslint = new ESLint({ cwd: root });

const rulesOf = (results) => results.flatMap((result) => result.messages.map((message) => message.ruleId));

test("eslint: no error and no warning in the repository", async () => {
  const results = await eslint.lintFiles(["."]);
  const findings = results.flatMap((result) =>
    result.messages.map((m) => `${result.filePath.replace(root, "")}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
  );
  assert.equal(findings, [], `run \`npm run lint\`:\n${findings.join("\n")}`);
  assert.ok(results.length > 300, `${results.length} files linted`);
  assert.ok(
    results.some((result) => result.filePath.endsWith("/kernel/client.ts")),
    "kernel/ is linted",
  );
});

test("the config reports what it is for, with type information where it needs it", async () => {
  const loose = await eslint.lintText("let answer = 41;\nif (answer == 42) console.log(answer);\n", {
    filePath: `${root}test/probe.mjs`,
  });
  assert.equal(rulesOf(loose).sort(), ["eqeqeq", "prefer-const"]);
  const client = readFileSync(`${root}kernel/client.ts`, "utf8");
  const floating = await eslint.lintText(`${client}\nPromise.resolve(1);\n`, { filePath: `${root}kernel/client.ts` });
  assert.equal(rulesOf(floating), ["@typescript-eslint/no-floating-promises"]);
});

test.run();
