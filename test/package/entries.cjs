// Every public entry of the package, from the source tree: "forgekit", "forgekit/core" and
// one "forgekit/plugins/<name>" per plugins/<name>/index.ts (presets are not an entry).
// A plugin added to the source but missing from dist/ then fails the import and require tests.
const { existsSync, readdirSync } = require("node:fs");
const { join } = require("node:path");

const pluginsDir = join(__dirname, "../../plugins");
const plugins = readdirSync(pluginsDir, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && entry.name !== "presets" && existsSync(join(pluginsDir, entry.name, "index.ts")),
  )
  .map((entry) => entry.name)
  .sort();

module.exports = {
  plugins,
  entries: ["forgekit", "forgekit/core", ...plugins.map((name) => `forgekit/plugins/${name}`)],
};
