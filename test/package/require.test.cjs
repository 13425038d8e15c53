// require() of the package by name (self-reference through "exports"): dist/cjs, whose modules
// require the Node bundle (dist/node).
const { test } = require("uvu");
const assert = require("uvu/assert");
const http = require("node:http");
const { entries, plugins, deployments } = require("./entries.cjs");

let server;
let url;
test.before(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url === "/missing" ? { message: "Not Found" } : { ua: req.headers["user-agent"] }));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => server.close());

test('require("forgekit") is a factory; .Client is the class', async () => {
  const forgekit = require("forgekit");
  assert.type(forgekit, "function");
  const client = forgekit({ baseUrl: url });
  assert.ok(client instanceof forgekit.Client);
  const { data } = await client.request("GET /");
  assert.match(data.ua, /^forgekit\/rest\.js v\d/);
  const error = await client.request("GET /missing").catch((e) => e);
  assert.ok(error instanceof forgekit.HttpError);
  assert.is(error.status, 404);
});

test("hooks registered on a client from require() run", async () => {
  const { Client } = require("forgekit/core");
  const client = new Client({ baseUrl: url });
  const { data: plain } = await client.request("GET /");
  client.hook.before("request", (options) => void (options.headers["user-agent"] = "from-a-hook"));
  const { data } = await client.request("GET /");
  assert.match(plain.ua, /^forgekit\/rest\.js v\d/);
  assert.is(data.ua, "from-a-hook");
});

test("every entry can be required", () => {
  const core = require("forgekit/core");
  assert.type(core.Client, "function");
  assert.type(core.createScope, "function");
  assert.is(require("forgekit/package.json").name, "forgekit");
  assert.ok(plugins.includes("agent") && entries.length === plugins.length + deployments.length + 2, entries.join());
  // Every deployment has an entry, api.github.com included; forgekit/routes/<scope> is api.github.com's.
  assert.is(require("forgekit/deployments/api.github.com").deployment, "api.github.com");
  assert.is(require("forgekit/routes/repos").routes, require("forgekit/deployments/api.github.com").routes.repos);
  for (const entry of entries) {
    const exported = require(entry);
    const functions = Object.keys(exported).filter((key) => typeof exported[key] === "function");
    assert.ok(functions.length > 0, `${entry} exports no function`);
  }
});

test.run();
