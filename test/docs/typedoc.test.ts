import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "../helpers/docs-samples.js";

// `npm run docs` (typedoc --options docs/typedoc.json) builds the API reference from the
// kernel and plugin entry points, warnings treated as errors. Here it writes to a temporary
// directory instead of docs/api/.
const test = suite("docs: the API reference builds without a warning");
let out: string;
let result: ReturnType<typeof spawnSync>;
let printed = "";

test.before(() => {
  out = mkdtempSync(join(tmpdir(), "forgekit-typedoc-"));
  const bin = join(root, "node_modules/typedoc/bin/typedoc");
  result = spawnSync(process.execPath, [bin, "--options", "docs/typedoc.json", "--out", out], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  printed = `${result.stdout}${result.stderr}`;
});
test.after(() => rmSync(out, { recursive: true, force: true }));

test("typedoc exits 0 with no warning or error", () => {
  assert.is(result.status, 0, printed);
  assert.not.match(printed, /\[(warning|error)\]/, printed);
});

test("the configuration treats warnings as errors and requires summaries", () => {
  const config = JSON.parse(readFileSync(join(root, "docs/typedoc.json"), "utf8"));
  assert.is(config.treatWarningsAsErrors, true);
  assert.is(config.validation.notDocumented, true);
  assert.is(config.out, "api", "npm run docs writes docs/api/ (gitignored)");
});

test("the kernel, each plugin and the full preset are documented", () => {
  const modules = readdirSync(join(out, "modules")).map((name) => name.replace(/\.html$/, ""));
  const plugins = readdirSync(join(root, "plugins"), { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(join(root, "plugins", entry.name, "index.ts")) && entry.name !== "cli",
    )
    .map((entry) => `plugins_${entry.name}`);
  for (const expected of ["kernel", "plugins_presets_full", ...plugins])
    assert.ok(modules.includes(expected), `no page for ${expected}: ${modules.join(", ")}`);
  for (const name of ["Client", "HttpError", "NetworkError", "TimeoutError", "AbortError", "ParameterError"]) {
    assert.ok(existsSync(join(out, "classes", `kernel.${name}.html`)), `kernel.${name}`);
  }
});

test("the generated operation types are not documented", () => {
  const pages = ["interfaces", "types"].flatMap((dir) =>
    existsSync(join(out, dir)) ? readdirSync(join(out, dir)) : [],
  );
  const generated = pages.filter((name) => /^types[_.]|^definitions[_.]|Endpoints\.html$|RestScopes/.test(name));
  assert.equal(generated, []);
  assert.ok(pages.length < 200, `${pages.length} type pages: did the generated types get in?`);
});

test("the guides are part of the reference, docs/README.md its front page linking them", () => {
  const guides = readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md") && name !== "README.md");
  for (const guide of guides)
    assert.ok(existsSync(join(out, "documents", guide.replace(/\.md$/, ".html"))), `documents/${guide}`);
  assert.match(readFileSync(join(out, "index.html"), "utf8"), 'href="documents/getting-started.html"');
});

test.run();
