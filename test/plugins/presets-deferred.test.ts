import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, type Plugin } from "../../kernel/index.js";
import { deferred } from "../../plugins/presets/deferred.js";
import { startServer, type TestServer } from "../helpers/server.js";

// The `deferred` combinator (plugins/presets/deferred.ts): a plugin applied on first use
// keeps its hooks' place in the chain, its members, and loads once per client.
const test = suite("presets: deferred(load) loads a plugin on first use, in its place");
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /echo": (req) => ({
      body: { a: req.headers["x-a"], b: req.headers["x-b"], c: req.headers["x-c"], d: req.headers["x-d"] },
    }),
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

/** A plugin with a wrap and a before hook: both add a header IN PLACE, and trace their order. */
function tracing(trace: string[]): Plugin<{ hello: () => string }> {
  return (client) => {
    client.hook.before("request", (options) => void (trace.push("plugin before"), (options.headers["x-d"] = "d")));
    client.hook.wrap("request", async (request, options) => {
      trace.push("plugin wrap in");
      options.headers["x-b"] = `b after ${options.headers["x-c"] ?? "nothing"}`;
      const response = await request(options);
      trace.push("plugin wrap out");
      return response;
    });
    return { hello: () => "loaded" };
  };
}

/** The same chain, once with `middle` eager and once deferred: inner wrap, middle, outer wrap. */
function chain(middle: Plugin<any>, trace: string[]) {
  const inner: Plugin<void> = (client) => {
    client.hook.wrap("request", async (request, options) => {
      trace.push("inner in");
      options.headers["x-c"] = `c after ${options.headers["x-b"] ?? "nothing"}`;
      const response = await request(options);
      trace.push("inner out");
      return response;
    });
  };
  const outer: Plugin<void> = (client) => {
    client.hook.wrap("request", async (request, options) => {
      trace.push("outer in");
      options.headers["x-a"] = "a";
      const response = await request(options);
      trace.push("outer out");
      return response;
    });
  };
  return new (Client.plugin([inner, middle, outer]))({ baseUrl: server.url });
}

test("hooks keep their nesting position: outer, deferred and inner hooks all change the request and reach the server", async () => {
  const eagerTrace: string[] = [];
  const eager = await chain(tracing(eagerTrace), eagerTrace).request("GET /echo");
  const lazyTrace: string[] = [];
  const load = sinon.spy(async () => tracing(lazyTrace));
  const client = chain(deferred(load), lazyTrace);
  assert.is(load.callCount, 0, "nothing is loaded at construction");
  const lazy = await client.request("GET /echo");
  assert.equal(lazy.data, { a: "a", b: "b after nothing", c: "c after b after nothing", d: "d" });
  assert.equal(lazy.data, eager.data, "the server sees the same request as with the plugin applied eagerly");
  assert.equal(lazyTrace, [
    "outer in",
    "plugin wrap in",
    "plugin before",
    "inner in",
    "inner out",
    "plugin wrap out",
    "outer out",
  ]);
  assert.equal(lazyTrace, eagerTrace);
  assert.is(server.requests.length, 2);
  assert.is(server.requests[1]!.headers["x-c"], "c after b after nothing");
});

test("loads once per client, for concurrent first requests too; each client applies the plugin to itself", async () => {
  const applied: unknown[] = [];
  const plugin: Plugin<void> = (client) =>
    void (applied.push(client), client.hook.before("request", (options) => void (options.headers["x-a"] = "deferred")));
  const load = sinon.spy(async () => plugin);
  const Lazy = Client.plugin([deferred(load)]);
  const a = new Lazy({ baseUrl: server.url });
  const b = new Lazy({ baseUrl: server.url });
  const answers = await Promise.all([a.request("GET /echo"), a.request("GET /echo"), a.request("GET /echo")]);
  assert.equal(
    answers.map((r) => r.data.a),
    ["deferred", "deferred", "deferred"],
  );
  assert.is(load.callCount, 1);
  assert.is(applied.length, 1);
  await a.request("GET /echo");
  assert.is(load.callCount, 1, "a loaded client does not load again");
  assert.is((await b.request("GET /echo")).data.a, "deferred");
  assert.is(applied.length, 2, "the second client applies the plugin to itself");
  assert.ok(
    Object.getPrototypeOf(applied[0]) === a && Object.getPrototypeOf(applied[1]) === b,
    "applied to a facade of each client",
  );
});

test("members: stubs stand in until the load; what the plugin returns is assigned onto the client", async () => {
  const load = sinon.spy(async () => tracing([]));
  const Lazy = Client.plugin([
    deferred<{ hello: () => string | Promise<string> }>(load, {
      hooks: false,
      stubs: (ready) => ({ hello: () => ready().then((added) => added.hello()) }),
    }),
  ]);
  const client = new Lazy({ baseUrl: server.url });
  const stub = client.hello;
  await client.request("GET /echo");
  assert.is(load.callCount, 0, "hooks: false — a request does not load the plugin");
  assert.is(server.requests[0]!.headers["x-d"], undefined, "and no hook of it ran");
  assert.is(await stub(), "loaded");
  assert.is(load.callCount, 1);
  assert.is.not(client.hello, stub, "the real member replaced the stub");
  assert.is(client.hello(), "loaded");
  assert.is(await stub(), "loaded", "a stub kept by the caller still works, without loading again");
  assert.is(load.callCount, 1);
});

test("when() is checked at construction: it may throw before any I/O, or leave the client untouched", () => {
  const load = sinon.spy(async () => tracing([]));
  const hooks: string[] = [];
  const plugin = deferred<void, { on?: unknown }>(load, {
    when: (options) => {
      if (options.on !== undefined && typeof options.on !== "boolean") throw new TypeError("on must be a boolean");
      return options.on === true;
    },
  });
  const client = new Client({ baseUrl: server.url });
  for (const kind of ["before", "after", "error", "wrap"] as const) {
    const original = client.hook[kind].bind(client.hook);
    client.hook[kind] = ((name: string, fn: never) => (
      hooks.push(`${kind} ${name}`),
      original(name as "request", fn)
    )) as never;
  }
  plugin(client, { ...client.options, on: false });
  assert.equal(hooks, [], "off: no hook at all");
  plugin(client, { ...client.options, on: true });
  assert.equal(hooks, ["wrap request"], "on: exactly one hook until the plugin loads");
  assert.throws(
    () => new (Client.plugin([plugin]))({ baseUrl: server.url, on: "yes" } as never),
    /on must be a boolean/,
  );
  assert.is(load.callCount, 0);
  assert.is(server.requests.length, 0);
});

test("a failed load fails that request only; the next one loads again", async () => {
  let attempts = 0;
  const load = async () => {
    if (++attempts === 1) throw new Error("chunk failed to load");
    return tracing([]);
  };
  const client = new (Client.plugin([deferred(load)]))({ baseUrl: server.url });
  const error = await client.request("GET /echo").then(
    () => undefined,
    (e: Error) => e,
  );
  assert.match(String(error), /chunk failed to load/);
  assert.is(server.requests.length, 0, "nothing was sent without the plugin");
  assert.is((await client.request("GET /echo")).data.d, "d");
  assert.is(attempts, 2);
});

test("several plugins load together onto one facade, state kept on the client moves to it", async () => {
  const KEY = Symbol("shared");
  const first: Plugin<void> = (client) => {
    Object.defineProperty(client, KEY, { value: { count: 0 } });
    client.hook.before("request", () => void (client as unknown as Record<symbol, { count: number }>)[KEY]!.count++);
  };
  const second: Plugin<{ count: () => number }> = (client) => ({
    count: () => (client as unknown as Record<symbol, { count: number }>)[KEY]!.count,
  });
  const client = new (Client.plugin([deferred<{ count: () => number }>(async () => [first, second])]))({
    baseUrl: server.url,
  });
  await client.request("GET /echo");
  await client.request("GET /echo");
  assert.is(client.count(), 2);
  assert.is((client as unknown as Record<symbol, { count: number }>)[KEY]!.count, 2);
});

test.run();
