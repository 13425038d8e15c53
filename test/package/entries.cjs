// Every public entry of the package, from the source tree: "forgekit", "forgekit/core", one
// "forgekit/plugins/<name>" per plugins/<name>/index.ts (presets are not an entry) and one
// "forgekit/deployments/<name>" per definitions/<name>/all.ts.
// A plugin added to the source but missing from dist/ then fails the import and require tests.
const { existsSync, readdirSync } = require("node:fs");
const { join } = require("node:path");

/** Sub-folders of `dir` that hold `file`, sorted. */
const foldersWith = (dir, file, skip = []) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !skip.includes(entry.name) && existsSync(join(dir, entry.name, file)))
    .map((entry) => entry.name)
    .sort();

const plugins = foldersWith(join(__dirname, "../../plugins"), "index.ts", ["presets"]);
const deployments = foldersWith(join(__dirname, "../../definitions"), "all.ts");

module.exports = {
  plugins,
  deployments,
  entries: [
    "forgekit",
    "forgekit/core",
    ...plugins.map((name) => `forgekit/plugins/${name}`),
    ...deployments.map((name) => `forgekit/deployments/${name}`),
  ],
};
