// What a hook passes to `request(…)` is what the inner hooks see and what is sent
// (kernel/hook.ts), where before-after-hook 4.0.0 alone hands every inner hook the
// options the request started with. @octokit's auth strategies and plugins call
// `request(newOptions)` with another route or headers (issue 35, item 9).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, type EndpointOptions } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: options passed along the hook chain");
let server: TestServer;
let client: Client;

test.before(async () => {
  server = await startServer({ "*": (req) => ({ body: { url: req.url } }) });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  client = new Client({ baseUrl: server.url });
});

test("two wraps that each pass a new object: the outer's route and the inner's header are both sent", async () => {
  client.hook.wrap("request", (request, options) =>
    request({ ...options, headers: { ...options.headers, "x-inner": "1" } }),
  );
  client.hook.wrap("request", (request, options) => request({ ...options, url: "/changed/{id}", id: 7 }));
  await client.request("GET /original");
  assert.equal(
    server.requests.map((r) => [r.url, r.headers["x-inner"]]),
    [["/changed/7", "1"]],
  );
});

test("before, after and error hooks inside a wrap see the object it passed", async () => {
  const seen: string[] = [];
  const url = (options: EndpointOptions) => seen.push(options.url!);
  client.hook.before("request", url);
  client.hook.after("request", (_response, options) => void url(options));
  client.hook.error("request", (error, options) => {
    url(options);
    throw error;
  });
  client.hook.wrap("request", (request, options) => request({ ...options, url: "/passed" }));
  await client.request("GET /original");
  assert.equal(seen, ["/passed", "/passed"]);
  assert.equal(
    server.requests.map((r) => r.url),
    ["/passed"],
  );
});

test("a wrap that calls request() with nothing sends what it was given", async () => {
  client.hook.wrap("request", (request) => (request as () => ReturnType<typeof request>)());
  client.hook.wrap("request", (request, options) => request({ ...options, url: "/outer" }));
  await client.request("GET /original");
  assert.equal(
    server.requests.map((r) => r.url),
    ["/outer"],
  );
});

test("changes made in place still reach the server, and a hook removed is gone (the first of two added)", async () => {
  const tag = (options: EndpointOptions) =>
    void (options.headers["x-count"] = `${Number(options.headers["x-count"] ?? 0) + 1}`);
  client.hook.before("request", tag);
  client.hook.before("request", tag);
  await client.request("GET /a");
  client.hook.remove("request", tag);
  await client.request("GET /b");
  client.hook.remove("request", tag);
  client.hook.remove("request", tag);
  await client.request("GET /c");
  assert.equal(
    server.requests.map((r) => r.headers["x-count"]),
    ["2", "1", undefined],
  );
});

test.run();
