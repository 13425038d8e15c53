// dist/node, the bundle Node's "import" loads through the "node" condition: which files an
// import opens (counted by module hooks in a child process, fixtures/loaded.mjs), which source
// modules those files hold (esbuild's `// <path>.ts` comments), that each module exists once
// across subpaths, that scopes still load lazily, and that the bin, the
// testing server and the deployments, which find files relative to their own module, work
// from the bundle. Run `node build.mjs` first.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sinon from "sinon";
import { test } from "uvu";
import * as assert from "uvu/assert";
import entriesList from "./entries.cjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "forgekit-node-bundle-"));
let runs = 0;

/**
 * The files (paths inside the repository where they are in it) that Node loaded for `import(specifier)`
 * followed by `code` (an async function body given the module as `m`), in a fresh process.
 */
function loaded(specifier, code = "") {
  const record = join(dir, `run-${++runs}.txt`);
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [join(root, "test/package/fixtures/loaded.mjs"), record, specifier, code],
      { cwd: root },
      (error, stdout, stderr) => {
        if (error) return fail(new Error(`${specifier}: ${stderr || error.message}`));
        const urls = readFileSync(record, "utf8").split("\n").filter(Boolean);
        done(urls.flatMap((url) => (url.startsWith("file://") ? [fileURLToPath(url).replace(root, "")] : [])));
      },
    );
  });
}

const own = (files) => files.filter((file) => file.startsWith("dist/"));

/** The source modules bundled into `files`, from the `// kernel/errors.ts` line esbuild writes above each. */
const modulesIn = (files) =>
  files.flatMap((file) =>
    // (`copied:` marks a stateless module copied into a plugin outside the preset's group:
    // build/node-bundle.mjs COPIED_OUTSIDE_GROUP.)
    [
      ...readFileSync(join(root, file), "utf8").matchAll(
        /^\/\/ (?:copied:)?((?:kernel|plugins|definitions|test)\/\S+\.ts)$/gm,
      ),
    ].map((m) => m[1]),
  );

let server;
let url;
test.before(async () => {
  server = http.createServer((req, res) => {
    const missing = req.url.startsWith("/missing");
    res.writeHead(missing ? 404 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(missing ? { message: "Not Found" } : { path: req.url, auth: req.headers.authorization }));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('import "forgekit" and construct: a handful of dist/node files, nothing per-file', async () => {
  const all = await loaded("forgekit", "m.default({})");
  const files = own(all);
  assert.ok(files.includes("dist/node/plugins/presets/full.js"), files.join("\n"));
  assert.equal(
    files.filter((file) => !file.startsWith("dist/node/")),
    [],
    "only dist/node is loaded",
  );
  // The entry, the kernel's chunk, one chunk for every plugin the preset applies, the preset's own
  // modules, the api.github.com route data (two chunks), and two small modules that a lazily
  // loaded chunk or another entry shares (build/node-bundle.mjs, `withPluginGroup`); the
  // per-file dist/esm loads about a hundred modules here.
  assert.ok(files.length <= 8, `${files.length} files:\n${files.join("\n")}`);
  // before-after-hook is inlined; debug loads with the debug plugin's printer only.
  assert.equal(
    all.filter((file) => file.includes("node_modules/")),
    [],
    "no dependency's files",
  );
  assert.equal(
    files.filter((file) => file.includes("/scopes/") || file.includes("param")),
    [],
    "no route table or parameter chunk before a method is used",
  );
});

test('"forgekit/core" loads the kernel alone; fewer files than the preset', async () => {
  const core = own(await loaded("forgekit/core", "new m.Client()"));
  const full = own(await loaded("forgekit", "m.default({})"));
  assert.ok(core.includes("dist/node/kernel/index.js"), core.join("\n"));
  assert.ok(core.length <= 3 && core.length < full.length, `core ${core.join(", ")}; full ${full.join(", ")}`);
  assert.ok(
    core.every((file) => full.includes(file) || file === "dist/node/kernel/index.js"),
    "the kernel chunk is shared",
  );
});

/** The preset's own code and its route data: what only `import "forgekit"` (and the CLI) should load. */
// definitions/deployments.ts is not route data: the table of deployment names and their REST API
// versions (~1 kB) that the api-version plugin, in the chunk of the preset's plugins, checks against.
// definitions/decode/trie.ts is not route data either: the decoders the endpoints plugin reads
// any registry with (they live beside the data they decode).
const presetOwn = (module) =>
  /^(?:plugins\/presets|definitions)\//.test(module) &&
  module !== "definitions/deployments.ts" &&
  module !== "definitions/decode/trie.ts";

test("forgekit/core + forgekit/plugins/auth + forgekit/plugins/paginate: six files, nothing of the preset's own", async () => {
  const files = own(
    await loaded(
      "forgekit/core",
      `const { auth } = await import("forgekit/plugins/auth");
       const { paginate } = await import("forgekit/plugins/paginate");
       const client = new (m.Client.plugin([auth, paginate]))({ auth: "secret123" });
       if (typeof client.paginate !== "function") throw new Error("no client.paginate");`,
    ),
  );
  for (const entry of ["kernel/index.js", "plugins/auth/index.js", "plugins/paginate/index.js"])
    assert.ok(files.includes(`dist/node/${entry}`), `${entry} in ${files.join(", ")}`);
  const modules = modulesIn(files);
  assert.ok(modules.includes("plugins/auth/plugin.ts") && modules.includes("kernel/client.ts"), modules.join("\n"));
  assert.equal(modules.filter(presetOwn), [], "the preset's own modules or route data");
  // The three entries, the kernel's chunk, the chunk of the preset's plugins (auth and paginate
  // share it with the others' code: one file, where a chunk per plugin made the preset open 23),
  // and one small module the otel plugin shares (docs/how-it-works.md#start-up).
  assert.ok(files.length <= 6, `${files.length} files:\n${files.join("\n")}`);
});

test("plugin subpaths load nothing of the preset's own; plugins outside the preset none of its plugins", async () => {
  // The preset's plugins: the plugins/<name>/ folders whose modules `import "forgekit"` loads.
  const presetModules = modulesIn(own(await loaded("forgekit", "m.default({})")));
  const inPreset = (name) => presetModules.some((module) => module.startsWith(`plugins/${name}/`));
  // Shared by design (CONTRIBUTING.md: store for cache/throttle/redis; log's request record,
  // with policy's rate-limit header parser, for otel; the App config check, a copy in app-auth's
  // file, for app-auth: build/node-bundle.mjs COPIED_OUTSIDE_GROUP).
  const shared = {
    otel: /^plugins\/(?:log\/record|policy\/headers)\.ts$/,
    redis: /^plugins\/store\//,
    "app-auth": /^plugins\/auth\/check-app\.ts$/,
  };
  const found = {};
  const outside = [];
  // The CLI and forgekit/app compose the preset: they load it.
  for (const name of entriesList.plugins.filter((plugin) => plugin !== "cli" && plugin !== "app")) {
    const modules = modulesIn(own(await loaded(`forgekit/plugins/${name}`)));
    assert.ok(
      modules.some((module) => module.startsWith(`plugins/${name}/`)),
      `${name}: ${modules.join(", ")}`,
    );
    if (!inPreset(name)) outside.push(name);
    const unwanted = inPreset(name)
      ? modules.filter(presetOwn)
      : modules.filter(
          (module) =>
            !module.startsWith("kernel/") && !module.startsWith(`plugins/${name}/`) && !shared[name]?.test(module),
        );
    if (unwanted.length) found[name] = unwanted;
  }
  assert.equal(found, {}, "plugin subpaths that load what they should not");
  assert.equal(outside, ["app-auth", "otel", "redis", "webhooks"], "the plugins the preset does not apply");
});

test("no scope's parameter table loads: the first call reads the data file, outside the heap", async () => {
  // Node reads every scope's routes and parameters from one data file, dist/esm's copy of
  // definitions/api.github.com/data.txt (definitions/decode/file.ts), on the first call; the
  // per-scope chunks (the loaders' module, then the table) are what a program bundled without
  // that file loads instead.
  const lazy = (files) =>
    files.filter(
      (file) =>
        file === "dist/esm/definitions/api.github.com/param-loaders.js" ||
        file === "dist/esm/definitions/api.github.com/params/repos.js",
    );
  const before = await loaded(
    "forgekit",
    `const client = m.default({ baseUrl: "http://127.0.0.1:9" });
     if (!Object.keys(client.repos).includes("get") || !("get" in client.repos) || typeof client.repos.get !== "function")
       throw new Error("repos.get is missing");`,
  );
  assert.equal(lazy(before), [], before.join("\n"));
  const after = await loaded(
    "forgekit",
    `const client = m.default({ baseUrl: ${JSON.stringify(url)} });
     const { data } = await client.repos.get({ owner: "o", repo: "r" });
     if (data.path !== "/repos/o/r") throw new Error(JSON.stringify(data));
     // The metadata is there: a call without a required parameter is refused before sending.
     const error = await client.issues.create({ owner: "o", repo: "r" }).catch((e) => e);
     if (!/parameter "title" is required/.test(error?.message)) throw new Error(String(error));`,
  );
  assert.equal(lazy(after), [], after.join("\n"));
});

test("scope methods can be listed and stubbed with sinon before anything loads", async () => {
  const { default: forgekit } = await import("forgekit");
  const client = forgekit({ baseUrl: url });
  assert.ok(Object.keys(client.repos).includes("listTags"));
  const stub = sinon.stub(client.repos, "get").resolves({ data: { stubbed: true } });
  assert.equal((await client.repos.get({ owner: "o", repo: "r" })).data, { stubbed: true });
  assert.ok(stub.calledOnceWith({ owner: "o", repo: "r" }));
  stub.restore();
  assert.is((await client.repos.get({ owner: "o", repo: "r" })).data.path, "/repos/o/r");
});

test("one copy of each module: an HttpError from forgekit/core + forgekit/plugins/auth is forgekit's", async () => {
  const { HttpError, Client: Full, default: forgekit } = await import("forgekit");
  const core = await import("forgekit/core");
  const { auth } = await import("forgekit/plugins/auth");
  assert.is(core.HttpError, HttpError);
  assert.ok(forgekit() instanceof core.Client, "the preset's Client extends forgekit/core's");
  assert.ok(Full.plugins.includes(auth), "the preset applies forgekit/plugins/auth's auth itself");
  const Client = core.Client.plugin(auth);
  const client = new Client({ baseUrl: url, auth: "secret123" });
  const { data } = await client.request("GET /ok");
  assert.is(data.auth, "token secret123");
  const error = await client.request("GET /missing").catch((e) => e);
  assert.instance(error, HttpError);
  assert.is(error.status, 404);
});

test("deployments and the testing server find their files from the bundle", async () => {
  const { default: forgekit } = await import("forgekit");
  const ghes = forgekit({ deployment: "ghes-3.18", baseUrl: `${url}/api/v3` });
  const cloud = forgekit({ baseUrl: url });
  assert.ok(Object.keys(ghes.enterpriseAdmin).length > 10, "a GHES-only scope");
  assert.is(cloud.enterpriseAdmin, undefined);
  const { startMockServer, defaultFixturePath } = await import("forgekit/testing");
  assert.is(defaultFixturePath(), join(root, "dist/esm/test/fixtures/github-api.json.br"), "the one copy, in dist/esm");
  const mock = await startMockServer();
  try {
    const { data } = await forgekit({ baseUrl: mock.url }).repos.get({ owner: "octocat", repo: "hello-world" });
    assert.type(data.full_name, "string");
  } finally {
    await mock.close();
  }
});

test('package.json "bin" is the bundled command, and it runs', async () => {
  const { bin } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  assert.is(bin.forgekit, "./dist/node/plugins/cli/bin.js");
  const { stdout } = await new Promise((done, fail) =>
    execFile(
      process.execPath,
      [join(root, bin.forgekit), "repos.get", "owner=o", "repo=r", "--base-url", url],
      { cwd: root, env: { ...process.env, GITHUB_TOKEN: "" } },
      (error, out, err) => (error ? fail(new Error(err || error.message)) : done({ stdout: out })),
    ),
  );
  assert.is(JSON.parse(stdout).path, "/repos/o/r");
});

test.run();
