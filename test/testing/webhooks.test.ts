import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deliverWebhook } from "../../test/server/index.js";
import { Webhooks, createNodeMiddleware, createWebMiddleware, verify } from "../../plugins/webhooks/index.js";

const test = suite("forgekit/testing: deliverWebhook");
const SECRET = "testing secret";
const webhooks = new Webhooks({ secret: SECRET });
const seen: string[] = [];
webhooks.on("pull_request.opened", ({ id, payload }) => void seen.push(`${id} ${payload.number}`));

let server: Server;
let url: string;
test.before(async () => {
  server = createServer(createNodeMiddleware(webhooks));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
});
test.after(() => new Promise<void>((done) => server.close(() => done())));
test.before.each(() => void (seen.length = 0));

test("a signed delivery reaches a node:http middleware over loopback", async () => {
  const payload = { action: "opened", number: 12 };
  const result = await deliverWebhook(url, { name: "pull_request", payload, secret: SECRET, id: "abc" });
  assert.equal([result.status, result.body], [200, "ok\n"]);
  assert.equal(seen, ["abc 12"]);
  assert.is(await verify(SECRET, JSON.stringify(payload), result.signature), true);
});

test("a fetch-style handler is called in process, at the path given; ids default to UUIDs", async () => {
  const handle = createWebMiddleware(webhooks, { path: "/hooks" });
  const result = await deliverWebhook(handle, {
    name: "pull_request",
    payload: { action: "opened", number: 3 },
    secret: SECRET,
    path: "/hooks",
  });
  assert.is(result.status, 200);
  assert.match(result.id, /^[0-9a-f-]{36}$/);
  assert.equal(seen, [`${result.id} 3`]);
});

test("headers override what is sent: a wrong secret or signature is refused", async () => {
  const wrong = await deliverWebhook(url, { name: "pull_request", payload: { action: "opened" }, secret: "other" });
  assert.is(wrong.status, 400);
  const forged = await deliverWebhook(url, {
    name: "pull_request",
    payload: { action: "opened" },
    secret: SECRET,
    headers: { "x-hub-signature-256": "sha256=" + "1".repeat(64) },
  });
  assert.is(forged.status, 400);
  assert.equal(seen, []);
});

test.run();
