// The ESM build, imported by package name (self-reference through "exports").
import { test } from "uvu";
import * as assert from "uvu/assert";
import http from "node:http";
import { readFileSync } from "node:fs";

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

test("every entry can be imported", async () => {
  assert.type((await import("forgekit/core")).Client, "function");
  assert.type((await import("forgekit/plugins/agent")).agent, "function");
  const { plugins } = JSON.parse(readFileSync(new URL("./entries.json", import.meta.url), "utf8"));
  for (const name of plugins) assert.ok(Object.keys(await import(`forgekit/plugins/${name}`)).length > 0, name);
});

test.run();
