// Tree-shake probes: bundle what a user would write, importing the package by name (the
// built dist/esm through "exports"), and assert on esbuild's metafile which modules made it
// into the output. Run `node build.mjs` first.
import { readdirSync } from "node:fs";
import { build, type Metafile } from "esbuild";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = new URL("../../", import.meta.url).pathname;

/**
 * Inputs of the file a page loads first (lazy chunks excluded), and of every file. "node"
 * bundles the per-file dist/esm with Node's built-ins external: platform "node" would pick the
 * "node" condition (dist/node, already bundled), which has no per-module inputs to assert on.
 */
async function probe(contents: string, platform: "browser" | "node" = "browser", conditions?: string[]) {
  const target = platform === "node" ? { platform: "neutral" as const, external: ["node:*"] } : { platform };
  if (conditions) Object.assign(target, { conditions });
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "js", sourcefile: "probe.js" },
    bundle: true,
    minify: true,
    format: "esm",
    ...target,
    splitting: true,
    outdir: "probe-out",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = Object.values(result.metafile.outputs as Metafile["outputs"]);
  const entry = outputs.find((output) => output.entryPoint === "probe.js")!;
  return { entry: Object.keys(entry.inputs), all: Object.keys(result.metafile.inputs) };
}

const routeTable = (input: string) =>
  /dist\/esm\/definitions\/(?:.+\/)?(?:scopes|paths|params)\/|dist\/esm\/definitions\/(?:.+\/)?(?:all|index|aliases)\.js$/.test(
    input,
  );
const nodeOnly = (input: string) =>
  /^node:|node_modules\/(?:cross-fetch|node-fetch|whatwg-url)\/|dist\/esm\/plugins\/agent\//.test(input);
const debugPackage = (input: string) => /node_modules\/(?:debug|ms)\//.test(input);
const plugins = readdirSync(new URL("plugins/", `file://${root}`), { withFileTypes: true })
  // cli is the command line and app a GitHub App (both load the Node preset on purpose), not plugins.
  .filter(
    (entry) =>
      entry.isDirectory() &&
      entry.name !== "presets" &&
      entry.name !== "cli" &&
      entry.name !== "app" &&
      readdirSync(`${root}plugins/${entry.name}`).includes("index.ts"),
  )
  .map((entry) => entry.name);

test('import { Client } from "forgekit/core": the kernel alone, no route table, no debug, no cross-fetch', async () => {
  const { all } = await probe(
    `import { Client } from "forgekit/core"; export const client = new Client({ baseUrl: "https://api.github.com" });`,
  );
  assert.ok(all.includes("dist/esm/kernel/client.js"), "the probe must bundle the kernel from dist/esm");
  assert.equal(all.filter(routeTable), [], "route tables");
  assert.equal(all.filter(debugPackage), [], "debug");
  assert.equal(all.filter(nodeOnly), [], "Node-only code");
  assert.equal(
    all.filter((input) => input.includes("/plugins/")),
    [],
    "plugins",
  );
});

test('"forgekit" under the browser condition: no Node-only code; route tables only in lazy chunks', async () => {
  const { entry, all } = await probe(`import forgekit from "forgekit"; export const client = forgekit();`);
  assert.ok(
    entry.some((input) => input.startsWith("dist/esm/plugins/presets/browser.js")),
    `the browser preset must be chosen, got ${entry.filter((i) => i.includes("presets")).join()}`,
  );
  assert.equal(all.filter(nodeOnly), [], "Node-only code");
  assert.equal(
    entry.filter((input) => /\/(?:scopes|paths|params)\/|\/all\.js$|\/aliases\.js$/.test(input)),
    [],
    "routes in the entry",
  );
  const usesDebug = all.some((input) => input.startsWith("dist/esm/plugins/debug/"));
  assert.is(all.some(debugPackage), usesDebug, "debug is bundled exactly when the debug plugin is");
});

test('"forgekit" for a browser: no App auth, retry/throttle, cache, debug or GraphQL code anywhere in the bundle', async () => {
  const { all } = await probe(`import forgekit from "forgekit"; export const client = forgekit();`);
  assert.equal(
    all.filter((input) =>
      /dist\/esm\/plugins\/(?:auth\/app\.js|retry\/|throttle\/|cache\/|debug\/|graphql\/|otel\/)/.test(input),
    ),
    [],
  );
});

test('"forgekit" under the workerd and worker conditions (Cloudflare Workers): the edge preset, App auth and retry included', async () => {
  for (const condition of ["workerd", "worker"]) {
    const { entry, all } = await probe(
      `import forgekit from "forgekit"; export const client = forgekit();`,
      "browser",
      [condition],
    );
    assert.ok(
      entry.some((input) => input.startsWith("dist/esm/plugins/presets/edge.js")),
      `${condition}: ${entry.filter((i) => i.includes("presets")).join()}`,
    );
    assert.ok(all.includes("dist/esm/plugins/auth/app.js"), `${condition}: App auth`);
    assert.ok(all.includes("dist/esm/plugins/retry/plugin.js"), `${condition}: retry`);
    assert.equal(all.filter(nodeOnly), [], `${condition}: Node-only code`);
  }
});

test("each plugin entry alone: no route table; Node-only code only in agent, debug only in debug", async () => {
  assert.ok(plugins.length > 0);
  for (const name of plugins) {
    const { entry, all } = await probe(
      `export * from "forgekit/plugins/${name}";`,
      name === "agent" ? "node" : "browser",
    );
    assert.ok(
      entry.some((input) => input.startsWith(`dist/esm/plugins/${name}/`)),
      `${name}: the probe must bundle the plugin`,
    );
    assert.equal(entry.filter(routeTable), [], `${name}: route tables`);
    if (name !== "agent") assert.equal(all.filter(nodeOnly), [], `${name}: Node-only code`);
    else {
      // Loaded on the first request a proxy may apply to, never at import.
      assert.ok(all.includes("dist/esm/plugins/agent/proxy.js"), "agent: the proxy module is bundled");
      assert.not.ok(entry.includes("dist/esm/plugins/agent/proxy.js"), "agent: the proxy module is lazy");
    }
    if (name !== "debug") assert.equal(all.filter(debugPackage), [], `${name}: debug`);
  }
});

test.run();
