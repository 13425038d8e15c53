// The ESM build, imported by package name (self-reference through "exports").
import { test } from "uvu";
import * as assert from "uvu/assert";
import http from "node:http";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import entriesList from "./entries.cjs";

const { entries, plugins, deployments } = entriesList;

let server;
let url;
test.before(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => server.close());

test('import forgekit from "forgekit" is a factory; { Client } is the class', async () => {
  const { default: forgekit, Client, HttpError } = await import("forgekit");
  assert.type(forgekit, "function");
  assert.type(HttpError, "function");
  const client = forgekit({ baseUrl: url });
  assert.ok(client instanceof Client);
  const { data } = await new Client({ baseUrl: url }).request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is(data.path, "/repos/o/r");
});

test("every entry can be imported, with the same named exports as its require() twin", async () => {
  assert.type((await import("forgekit/core")).Client, "function");
  assert.type((await import("forgekit/plugins/agent")).agent, "function");
  assert.ok(plugins.includes("agent") && entries.length === plugins.length + deployments.length + 2, entries.join());
  // Every deployment has an entry, api.github.com included; forgekit/routes/<scope> is api.github.com's.
  const api = await import("forgekit/deployments/api.github.com");
  assert.is(api.deployment, "api.github.com");
  assert.is((await import("forgekit/routes/repos")).routes, api.routes.repos);
  const require = createRequire(import.meta.url);
  const names = (module) =>
    Object.keys(module)
      .filter((key) => key !== "default" && key !== "__esModule")
      .sort();
  for (const entry of entries) {
    const esm = await import(entry);
    assert.ok(names(esm).length > 0, `${entry} exports nothing`);
    const cjs = names(require(entry));
    // require("forgekit") is the factory carrying every named export.
    if (entry === "forgekit")
      assert.equal(
        names(esm).filter((key) => !cjs.includes(key)),
        [],
        entry,
      );
    else assert.equal(names(esm), cjs, entry);
  }
});

// Node-only entries: every condition's `import` is dist/node's file, and dist/esm has no per-file copy.
const NODE_ONLY = ["forgekit/testing", "forgekit/plugins/cli"];

test('under Node\'s "node" condition every subpath is dist/node, with the exports of its dist/esm twin', async () => {
  const require = createRequire(import.meta.url);
  const { exports } = require("forgekit/package.json");
  const subpaths = [...entries, "forgekit/testing"];
  for (const entry of subpaths) {
    const resolved = import.meta.resolve(entry);
    assert.match(resolved, /\/dist\/node\//, entry);
    const twin = resolved.replace("/dist/node/", "/dist/esm/");
    const names = async (url) => Object.keys(await import(url)).sort();
    if (NODE_ONLY.includes(entry)) {
      assert.is(
        exports[entry.replace(/^forgekit/, ".")].import.default,
        `.${resolved.slice(resolved.indexOf("/dist/"))}`,
        entry,
      );
      assert.not.ok(existsSync(new URL(twin)), `${entry}: no dist/esm copy`);
    } else assert.equal(await names(resolved), await names(twin), entry);
    // require() resolves to dist/cjs, whose module requires this very dist/node file.
    assert.match(require.resolve(entry), /\/dist\/cjs\/.+\.cjs$/, entry);
    if (entry !== "forgekit") assert.is(require(entry), await import(resolved), entry);
  }
});

test("forgekit/routes/<scope> is data: dist/esm's one file under every condition, require() included", async () => {
  const require = createRequire(import.meta.url);
  for (const entry of ["forgekit/routes/repos", "forgekit/routes/code-scanning"]) {
    const resolved = import.meta.resolve(entry);
    assert.match(resolved, /\/dist\/esm\/definitions\/api\.github\.com\/scopes\/[a-z-]+\.js$/, entry);
    assert.equal(Object.keys(await import(resolved)), ["routes"], entry);
    // require() of the ES module itself: no CommonJS wrapper.
    assert.is(require.resolve(entry), new URL(resolved).pathname, entry);
    assert.is(require(entry), await import(resolved), entry);
  }
});

// The main entry is an application's surface; helpers for plugin authors live in forgekit/core.
const APPLICATION = [
  "AbortError",
  "Client",
  "DEFAULT_BODY_BUDGET",
  "DEPLOYMENTS",
  "ForgeError",
  "HttpError",
  "NetworkError",
  "Octokit",
  "ParameterError",
  "RequestError",
  "ResponseTooLargeError",
  "TimeoutError",
  "VERSION",
  "default",
  "isHttpError",
  "isNetworkError",
  "isParameterError",
  "isTimeoutError",
  "setBodyBudget",
];
const PLUGIN_AUTHOR = [
  "ERROR_BRAND",
  "KERNEL_OPTIONS",
  "KERNEL_REQUEST_OPTIONS",
  "OPERATION_OF",
  "addAuthorization",
  "addSecret",
  "bodyBudget",
  "closest",
  "createScope",
  "defaultLog",
  "fetchTransport",
  "lazy",
  "learnCredentials",
  "memberOnFirstUse",
  "merge",
  "onFirstUse",
  "parse",
  "redact",
  "redactBody",
  "redactHeaders",
  "reserveOption",
  "uploadsOrigin",
  "warnOnce",
  "warnOncePerLog",
];

test('"forgekit" exports the application surface; "forgekit/core" adds the plugin-author helpers', async () => {
  assert.equal(Object.keys(await import("forgekit")).sort(), APPLICATION);
  const core = Object.keys(await import("forgekit/core")).sort();
  const expected = [
    ...APPLICATION.filter((name) => name !== "default" && name !== "DEPLOYMENTS" && name !== "Octokit"),
    ...PLUGIN_AUTHOR,
  ];
  assert.equal(core, expected.sort());
});

test.run();
