// Run by test/plugins/presets-loads.test.ts: require() of the built package (dist/cjs requires
// the Node bundle, dist/node) works at load and when its plugins load their code on first use
// (a lazy chunk of an ES module required from CommonJS). Prints "ok" and the statuses.
"use strict";
const { createServer } = require("node:http");
const forgekit = require("../../dist/cjs/index.cjs");

const server = createServer((req, res) => {
  const page = Number(new URL(req.url, "http://x").searchParams.get("page") ?? 1);
  const link = page < 2 ? { link: `<http://127.0.0.1:${server.address().port}/list?page=2>; rel="next"` } : {};
  res.writeHead(200, { "content-type": "application/json", etag: '"1"', ...link });
  res.end(JSON.stringify([page]));
});
server.listen(0, "127.0.0.1", async () => {
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  try {
    const client = forgekit({ baseUrl, cache: true });
    const { status } = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    const items = await client.paginate("GET /list");
    process.stdout.write(`ok ${status} ${JSON.stringify(items)}`);
  } finally {
    server.close();
  }
});
