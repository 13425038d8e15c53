import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import Hook from "before-after-hook";
import { Client, HttpError, type EndpointOptions, type Response } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("kernel: hooks");
let server: TestServer;
let client: Client;

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r": (req) =>
      req.headers["if-none-match"] === '"v1"'
        ? { status: 304, headers: { etag: '"v1"' } }
        : { headers: { etag: '"v1"' }, body: { id: 1, name: "r" } },
    "GET /echo": (req) => ({ body: { url: req.url, headers: req.headers } }),
    "GET /missing": { status: 404, body: { message: "Not Found" } },
  });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  client = new Client({ baseUrl: server.url });
});

test("before, after and error hooks run in order with (options) / (response, options) / (error, options)", async () => {
  const before = sinon.spy((_o: EndpointOptions) => {});
  const after = sinon.spy((_r: Response<unknown>, _o: EndpointOptions) => {});
  client.hook.before("request", before);
  client.hook.after("request", after);
  await client.request("GET /echo");
  assert.ok(before.calledBefore(after));
  assert.is(before.firstCall.args[0].method, "GET");
  assert.is(before.firstCall.args[0].url, "/echo");
  assert.is(after.firstCall.args[0].status, 200);
  assert.is(after.firstCall.args[1].url, "/echo");
  const onError = sinon.spy((error: unknown) => {
    throw error;
  });
  client.hook.error("request", onError);
  await client.request("GET /missing").catch(() => {});
  assert.is(onError.firstCall.args[0].status, 404);
});

test("an async before hook can change headers and params of that request", async () => {
  client.hook.before("request", async (options) => {
    await new Promise((r) => setTimeout(r, 5));
    options.headers["x-trace"] = "t1";
    options.page = 2;
  });
  await client.request("GET /echo");
  assert.is(server.requests[0]!.headers["x-trace"], "t1");
  assert.is(server.requests[0]!.url, "/echo?page=2");
});

test("two stacked wrap hooks both change the request, and both changes reach the server", async () => {
  client.hook.wrap("request", (request, options) => {
    options.headers["x-outer"] = "1";
    return request(options);
  });
  client.hook.wrap("request", (request, options) => {
    options.headers["x-inner"] = "2";
    options.per_page = 100;
    return request(options);
  });
  await client.request("GET /echo");
  const seen = server.requests[0]!;
  assert.is(seen.headers["x-outer"], "1");
  assert.is(seen.headers["x-inner"], "2");
  assert.is(seen.url, "/echo?per_page=100");
});

test("a wrap hook can replace the request without sending anything", async () => {
  client.hook.wrap("request", async () => ({ status: 200, url: "memory:", headers: {}, data: "from wrap" }));
  const response = await client.request("GET /echo");
  assert.is(response.data, "from wrap");
  assert.is(server.requests.length, 0);
});

test("an error hook answers a 304 from a cache keyed by etag", async () => {
  const cache = new Map<string, Response<unknown>>();
  client.hook.after("request", (response) => {
    if (response.headers.etag) cache.set(response.headers.etag, response);
  });
  client.hook.before("request", (options) => {
    const cached = [...cache.keys()][0];
    if (cached) options.headers["if-none-match"] = cached;
  });
  client.hook.error("request", (error) => {
    if (error instanceof HttpError && error.status === 304) {
      const cached = cache.get(error.headers.etag as string);
      if (cached) return { ...cached, headers: error.headers };
    }
    throw error;
  });
  const first = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const second = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.equal(second.data, first.data);
  assert.is(second.status, 200);
  assert.is(server.requests[1]!.headers["if-none-match"], '"v1"');
  assert.equal(server.requests.length, 2);
});

test("a hook that throws rejects that request only", async () => {
  let calls = 0;
  client.hook.before("request", () => {
    if (++calls === 1) throw new Error("hook broke");
  });
  const [first, second] = await Promise.allSettled([client.request("GET /echo"), client.request("GET /echo")]);
  assert.is(first.status, "rejected");
  assert.is((first as PromiseRejectedResult).reason.message, "hook broke");
  assert.is(second.status, "fulfilled");
});

test("100 concurrent requests through hooks keep their own per-request state", async () => {
  client.hook.wrap("request", async (request, options) => {
    options.headers["x-n"] = String(options.n);
    await new Promise((r) => setTimeout(r, Math.random() * 5));
    const response = await request(options);
    return { ...response, data: { ...response.data, n: options.n } };
  });
  const responses = await Promise.all(Array.from({ length: 100 }, (_, n) => client.request("GET /echo", { n })));
  responses.forEach((response, n) => {
    assert.is(response.data.n, n);
    assert.is(response.data.headers["x-n"], String(n));
    assert.is(response.data.url, `/echo?n=${n}`);
  });
});

test("bad input fails before hooks run, so no before hook (which may do I/O) is reached", async () => {
  const before = sinon.spy();
  client.hook.before("request", before);
  await client.request("GET /repos/{owner}/{repo}", { owner: "o" }).catch(() => {});
  assert.is(before.callCount, 0);
  assert.is(server.requests.length, 0);
});

test("client.hook runs as before-after-hook's own Collection: same order and api; options passed on are kept", async () => {
  /** Register the same hooks (removing one) on `hook`, dispatch three times, return what ran. */
  const trace = async (hook: any) => {
    const seen: unknown[] = [];
    const { wrap, remove } = hook; // destructured: bound to the collection
    const removed = () => void seen.push("removed");
    hook.before("request", (o: object) => void seen.push("before 1", o));
    hook.api.before("request", removed);
    wrap(
      "request",
      (inner: Function, o: object) => (seen.push("wrap"), inner({ copy: true }).catch(() => {}), inner(o)),
    );
    hook.after("request", (r: unknown, o: object) => void seen.push("after", r, o));
    hook.error("other", () => seen.push("error"));
    remove("request", removed);
    const options = { id: 1 };
    seen.push(await hook("request", (o: object) => (seen.push("inner", o), "result"), options));
    seen.push(await hook(["other", "request"], () => Promise.reject(new Error("x")), options));
    seen.push(await hook("none", (o: unknown) => o));
    return { seen, api: hook.api.wrap === wrap && hook.api.remove === remove };
  };
  const ours = await trace(new Client().hook);
  const theirs = await trace(new Hook.Collection());
  assert.ok(ours.api && theirs.api);
  // One difference, on purpose (kernel/hook.ts): the wrap's copy is what the inner hooks
  // and the request get; before-after-hook hands them the options the request started with.
  assert.equal(theirs.seen.slice(0, 7), ["wrap", "before 1", { id: 1 }, "before 1", { id: 1 }, "inner", { id: 1 }]);
  const copied = new Set([2, 6, 15]);
  assert.equal(
    ours.seen,
    theirs.seen.map((item, i) => (copied.has(i) ? { copy: true } : item)),
  );
  assert.not.ok(ours.seen.includes("removed"));
});

test("a request keeps the hooks it started with; one added meanwhile runs from the next request on", async () => {
  // Chains are built when hooks change (kernel/hook.ts), as before-after-hook binds them per dispatch.
  const trace = async (hook: any) => {
    const seen: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const late = () => void seen.push("late");
    hook.wrap("request", async (send: Function, o: object) => (seen.push("wrap"), await gate, send(o)));
    const first = hook("request", () => seen.push("sent 1"), {});
    await new Promise((resolve) => setImmediate(resolve));
    hook.before("request", late);
    open();
    await first;
    await hook("request", () => seen.push("sent 2"), {});
    hook.remove("request", late);
    await hook("request", () => seen.push("sent 3"), {});
    return seen;
  };
  const ours = await trace(new Client().hook);
  assert.equal(ours, ["wrap", "sent 1", "late", "wrap", "sent 2", "wrap", "sent 3"]);
  assert.equal(ours, await trace(new Hook.Collection()));
});

test.run();
