// Every hand-written file is in Prettier's style (config: .prettierrc.json; generated files are
// listed in .prettierignore). Fix a failure with `npm run format`.
import { execFile } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url).pathname;

test("prettier --check passes on the repository", async () => {
  const { code, output } = await new Promise((done) => {
    execFile(
      process.execPath,
      ["node_modules/prettier/bin/prettier.cjs", "--check", "."],
      { cwd: root, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => done({ code: error ? (error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
  const unformatted = output
    .split("\n")
    .filter((line) => line.startsWith("[warn] ") && !line.includes("Code style issues"))
    .map((line) => line.slice(7));
  assert.equal(unformatted, [], `not formatted (run \`npm run format\`):\n${unformatted.join("\n")}`);
  assert.is(code, 0, output);
});

test.run();
