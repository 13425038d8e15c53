import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  Client,
  isParameterError,
  type EndpointOptions,
  type Fetch,
  type Hook,
  type Response,
  type Send,
} from "../../kernel/index.js";
import { Client as Full } from "../../plugins/presets/full.js";
import BeforeAfterHook from "before-after-hook";
import { startServer, type TestServer } from "../helpers/server.js";

// The request path (docs/how-it-works.md): merge → parse → the "request" hook → the transport.
// No hooks → no before-after-hook dispatch; built-ins register hooks as a user's plugin does.
// Dispatches and callbacks are counted, never timed.
const test = suite("kernel: the request path");
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r": (req) => ({ body: { authorization: req.headers.authorization ?? null, url: req.url } }),
    "GET /echo": (req) => ({ body: { url: req.url, accept: req.headers.accept } }),
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

interface Counts {
  /** Dispatches of the hook collection (`hook("request", …)`). */
  dispatches: number;
  /** Calls of registered hook functions (before, after, error, wrap). */
  callbacks: number;
  /** Which plugin registered each called hook: the registering stack's first plugins/ file. */
  who: string[];
}

/**
 * `Base` whose instances count their hook traffic: the first read of the public `hook` (a
 * plugin's, or the test's) makes a counting wrapper around a real collection and keeps it as
 * the instance's own `hook`, as the kernel's getter keeps the collection.
 */
function counting<C extends typeof Client>(Base: C): { Counted: C; counts: Counts } {
  const counts: Counts = { dispatches: 0, callbacks: 0, who: [] };
  const Counted = class extends (Base as typeof Client) {} as unknown as C;
  const wrap = (real: Hook): Hook =>
    new Proxy(real, {
      apply: (target, self, args) => (counts.dispatches++, Reflect.apply(target, self, args)),
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "before" && key !== "after" && key !== "error" && key !== "wrap") return value;
        return (name: string, fn: (...a: unknown[]) => unknown) => {
          const where = /plugins\/[\w-]+\/[\w-]+/.exec(new Error().stack ?? "")?.[0] ?? "caller";
          const counted = (...a: unknown[]) => (counts.callbacks++, counts.who.push(where), fn(...a));
          (value as (n: string, f: unknown) => void)(name, counted);
        };
      },
    });
  Object.defineProperty(Counted.prototype, "hook", {
    configurable: true,
    get(this: object) {
      const hook = wrap(new BeforeAfterHook.Collection() as unknown as Hook);
      Object.defineProperty(this, "hook", { value: hook, writable: true, enumerable: true, configurable: true });
      return hook;
    },
  });
  return { Counted, counts };
}

test("a kernel-only client with no hooks sends straight to the transport, without before-after-hook", async () => {
  const { Counted, counts } = counting(Client);
  const client = new Counted({ baseUrl: server.url });
  const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.equal(data, { authorization: null, url: "/repos/o/r" });
  assert.is(counts.dispatches, 0);
  assert.is(server.requests.length, 1);
});

test("a hook added after construction (and after requests) is seen by the next request; removed, it is skipped again", async () => {
  const { Counted, counts } = counting(Client);
  const client = new Counted({ baseUrl: server.url });
  await client.request("GET /echo");
  const before = (options: { headers: Record<string, string> }) => void (options.headers.accept = "text/x-later");
  client.hook.before("request", before as never);
  const { data } = await client.request("GET /echo");
  assert.is(data.accept, "text/x-later");
  assert.is(counts.dispatches, 1);
  // The counting wrapper registered its own function: remove through the real collection.
  const plain = new Client({ baseUrl: server.url });
  plain.hook.before("request", before as never);
  plain.hook.remove("request", before as never);
  assert.is((await plain.request("GET /echo")).data.accept, "application/vnd.github.v3+json");
  // `hook.api` is the same API: what it registers counts too.
  plain.hook.api.before("request", before as never);
  assert.is((await plain.request("GET /echo")).data.accept, "text/x-later");
});

test("the full preset's built-ins are hooks like a user's: one callback each per repos.get, in preset order", async () => {
  const { Counted, counts } = counting(Full);
  const client = new Counted({ baseUrl: server.url, auth: "ghp_count" });
  const { data } = await client.repos.get({ owner: "o", repo: "r" });
  assert.is(data.authorization, "token ghp_count");
  assert.is(counts.dispatches, 1);
  // Outermost first: previews' `before`, auth, log, the retry/throttle engine, debug, the option
  // check's `before` (a call's own `request` names). The agent plugin is the transport
  // (`request.transport`), not a hook.
  assert.equal(counts.who, [
    "plugins/previews/index",
    "plugins/auth/plugin",
    "plugins/log/plugin",
    "plugins/policy/attach",
    "plugins/debug/index",
    "plugins/check-options/index",
  ]);
});

test("users' wraps nest as before-after-hook's: the last registered is outermost", async () => {
  const trace: string[] = [];
  const client = new Client({ baseUrl: server.url });
  const tracing =
    (name: string) =>
    (send: Send, options: EndpointOptions): Promise<Response<any>> => {
      trace.push(`${name} in`);
      return Promise.resolve(send(options)).then((response) => (trace.push(`${name} out`), response));
    };
  client.hook.wrap("request", tracing("first"));
  client.hook.wrap("request", tracing("second"));
  client.hook.before("request", () => void trace.push("before"));
  await client.request("GET /echo");
  assert.equal(trace, ["before", "second in", "first in", "first out", "second out"]);
});

test("two stacked wraps that change the options in place both reach the server", async () => {
  const client = new Client({ baseUrl: server.url });
  client.hook.wrap("request", (send, options) => ((options.headers["x-inner"] = "1"), send(options)));
  client.hook.wrap("request", (send, options) => ((options.headers.accept = "text/x-outer"), send(options)));
  await client.request("GET /echo");
  assert.is(server.requests[0]!.headers["x-inner"], "1");
  assert.is(server.requests[0]!.headers.accept, "text/x-outer");
});

test("options a hook changes are parsed again before the transport", async () => {
  const client = new Client({ baseUrl: server.url });
  let first = true;
  client.hook.wrap("request", async (request, options) => {
    if (first) ((first = false), (options.repo = "changed"));
    return request(options);
  });
  await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).catch(() => {});
  await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.equal(
    server.requests.map((r) => r.url),
    ["/repos/o/changed", "/repos/o/r"],
  );
  // A header changed in place by a before hook reaches the server.
  client.hook.before("request", (options) => void (options.headers.accept = "text/x-before"));
  assert.is((await client.request("GET /echo")).data.accept, "text/x-before");
  // A hook that makes the request invalid gets the kernel's ParameterError, and nothing is sent.
  client.hook.before("request", (options) => void (options.headers["x-bad"] = "a\r\nb"));
  const error = await client.request("GET /echo").catch((e: unknown) => e);
  assert.ok(isParameterError(error), String(error));
  assert.is(server.requests.length, 3);
});

test("bad input fails in the early parse, before any hook runs", async () => {
  const client = new Client({ baseUrl: server.url });
  let hooked = 0;
  client.hook.wrap("request", (send, options) => (hooked++, send(options)));
  const error = await client.request("GET /repos/{owner}/{repo}", { owner: "o" }).catch((e: unknown) => e);
  assert.ok(isParameterError(error), String(error));
  assert.is(hooked, 0);
  assert.is(server.requests.length, 0);
});

test("the transport is chosen through the request options: a hook may set request.fetch", async () => {
  const client = new Client({ baseUrl: server.url });
  const seen: string[] = [];
  const counted: Fetch = (url, init) => (seen.push(url), fetch(url, init));
  client.hook.before("request", (options) => void (options.request.fetch ??= counted));
  await client.request("GET /echo");
  assert.equal(seen, [`${server.url}/echo`]);
  assert.is(server.requests.length, 1);
});

test.run();
