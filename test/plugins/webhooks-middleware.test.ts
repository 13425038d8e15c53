import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Webhooks,
  createNodeMiddleware,
  createWebMiddleware,
  sign,
  type WebhookEventHandlerError,
} from "../../plugins/webhooks/index.js";

const test = suite("webhooks: node:http and web middleware");
const SECRET = "middleware secret";
const LIMIT = 25 * 1024 * 1024;
const body = JSON.stringify({ action: "opened", issue: { number: 3 }, repository: { name: "r" } });

const webhooks = new Webhooks({ secret: SECRET, log: { error() {} } });
const received: string[] = [];
const errors: WebhookEventHandlerError[] = [];
webhooks.on("issues.opened", async ({ id, payload }) => {
  await new Promise((done) => setTimeout(done, 20)); // the answer must wait for this
  received.push(`${id} #${payload.issue.number}`);
});
webhooks.on("issues.closed", () => {
  throw new Error("closing failed");
});
webhooks.onError((error) => void errors.push(error));

let server: Server;
let url: string;
let nextCalls = 0;
/** The status of each answer the server finished, as the middleware wrote it. */
const statuses: number[] = [];
test.before(async () => {
  const middleware = createNodeMiddleware(webhooks, { path: "/hooks" });
  server = createServer((req, res) => {
    res.on("finish", () => void statuses.push(res.statusCode));
    void middleware(req, res, req.url?.startsWith("/elsewhere") ? () => (nextCalls++, res.end("next")) : undefined);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(() => new Promise<void>((done) => server.close(() => done())));
test.before.each(() => {
  received.length = 0;
  errors.length = 0;
});

const headersFor = async (payload: string, extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  "x-github-event": "issues",
  "x-github-delivery": "delivery-1",
  "x-hub-signature-256": await sign(SECRET, payload),
  ...extra,
});
const post = async (path: string, payload: string, headers: Record<string, string>) => {
  const response = await fetch(url + path, { method: "POST", headers, body: payload });
  return { status: response.status, text: await response.text() };
};

test("node: a signed delivery gets 200 once its handlers ran", async () => {
  const answer = await post("/hooks", body, await headersFor(body));
  assert.equal(answer, { status: 200, text: "ok\n" });
  assert.equal(received, ["delivery-1 #3"]);
});

test("node: a bad or missing signature is 400 and runs no handler", async () => {
  for (const signature of ["sha256=" + "0".repeat(64), await sign("wrong", body), "sha1=abc"]) {
    const answer = await post("/hooks", body, await headersFor(body, { "x-hub-signature-256": signature }));
    assert.is(answer.status, 400);
    assert.match(answer.text, /signature does not match/);
  }
  const headers = await headersFor(body);
  delete (headers as Record<string, string>)["x-hub-signature-256"];
  const missing = await post("/hooks", body, headers);
  assert.equal(missing, { status: 400, text: "Required headers missing: x-hub-signature-256\n" });
  assert.equal(received, []);
});

test("node: missing event or delivery headers are 400; a body signed but not JSON is 400", async () => {
  const headers: Record<string, string> = await headersFor(body);
  delete headers["x-github-event"];
  delete headers["x-github-delivery"];
  assert.equal(await post("/hooks", body, headers), {
    status: 400,
    text: "Required headers missing: x-github-event, x-github-delivery\n",
  });
  const notJson = "not json";
  assert.is((await post("/hooks", notJson, await headersFor(notJson))).status, 400);
});

test("node: another content type is 415, another method 404, another path 404 or next()", async () => {
  const form = await post(
    "/hooks",
    body,
    await headersFor(body, { "content-type": "application/x-www-form-urlencoded" }),
  );
  assert.is(form.status, 415);
  assert.is((await fetch(`${url}/hooks`)).status, 404);
  assert.is((await post("/other", body, await headersFor(body))).status, 404);
  const next = await post("/elsewhere", body, await headersFor(body));
  assert.equal(next, { status: 200, text: "next" });
  assert.is(nextCalls, 1);
  assert.equal(received, []);
});

test("node: a throwing handler is 500 and reaches onError", async () => {
  const closed = JSON.stringify({ action: "closed" });
  const answer = await post("/hooks", closed, await headersFor(closed));
  assert.is(answer.status, 500);
  assert.match(answer.text, /closing failed/);
  assert.is(errors.length, 1);
  assert.is(errors[0]!.event.id, "delivery-1");
});

/** Send headers, then chunks on demand; resolves with the status once the server answers. */
function streaming(headers: Record<string, string>) {
  const req = httpRequest(`${url}/hooks`, { method: "POST", headers });
  // The server may close the connection while chunks are still being written (EPIPE): the
  // status is what it answered before, 0 if it answered nothing.
  const answered = new Promise<number>((done) => {
    req.on("response", (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    req.on("error", () => setTimeout(() => done(0), 50));
  });
  return { req, answered };
}

test("node: a Content-Length over 25 MB is 413 before any of the body is sent", async () => {
  const { req, answered } = streaming({ ...(await headersFor(body)), "content-length": String(LIMIT + 1) });
  req.write("{"); // one byte of 25 MB: the answer cannot wait for the rest
  assert.is(await answered, 413);
  req.destroy();
  assert.equal(received, []);
});

test("node: a chunked body passing 25 MB is 413 once it passes, not buffered to the end", async () => {
  const headers: Record<string, string> = { ...(await headersFor(body)), "transfer-encoding": "chunked" };
  const { req } = streaming(headers);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let sent = 0;
  statuses.length = 0;
  while (!statuses.length && sent < 4 * LIMIT) {
    if (req.destroyed) break;
    if (!req.write(chunk)) await new Promise((done) => req.once("drain", done).once("close", done));
    sent += chunk.length;
    await new Promise((done) => setImmediate(done));
  }
  req.destroy();
  // The answer as the server wrote it: a client still writing may meet the close before it reads it.
  assert.equal(statuses, [413]);
  assert.ok(sent < LIMIT + 8 * 1024 * 1024, `sent ${sent} bytes before the 413`);
});

test("web: the same answers for standard Request objects", async () => {
  const handle = createWebMiddleware(webhooks, { path: "/hooks" });
  const request = async (payload: string, headers: Record<string, string>, at = "/hooks", method = "POST") => {
    const response = await handle(
      new Request(`http://app.example${at}`, { method, headers, ...(method === "POST" && { body: payload }) }),
    );
    return { status: response.status, text: await response.text() };
  };
  assert.equal(await request(body, await headersFor(body)), { status: 200, text: "ok\n" });
  assert.equal(received, ["delivery-1 #3"]);
  assert.is((await request(body, await headersFor(body, { "x-hub-signature-256": "sha256=00" }))).status, 400);
  assert.is((await request(body, await headersFor(body), "/other")).status, 404);
  assert.is((await request(body, await headersFor(body), "/hooks", "GET")).status, 404);
  const closed = JSON.stringify({ action: "closed" });
  assert.is((await request(closed, await headersFor(closed))).status, 500);
  assert.is(errors.length, 1);
  assert.is((await request(body, await headersFor(body, { "content-length": String(LIMIT + 1) }))).status, 413);
  assert.equal(received, ["delivery-1 #3"]);
});

test("web: a streamed body passing 25 MB is 413 and the stream is cancelled", async () => {
  const handle = createWebMiddleware(webhooks, { path: "/hooks" });
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1024 * 1024;
      controller.enqueue(new Uint8Array(1024 * 1024));
    },
    cancel: () => void (cancelled = true),
  });
  const response = await handle(
    new Request("http://app.example/hooks", {
      method: "POST",
      headers: await headersFor(body),
      body: stream,
      duplex: "half",
    } as RequestInit),
  );
  assert.is(response.status, 413);
  assert.ok(cancelled, "the body stream was cancelled");
  assert.ok(pulled <= LIMIT + 2 * 1024 * 1024, `read ${pulled} bytes`);
});

test.run();
