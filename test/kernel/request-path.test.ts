import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  Client,
  onPrepare,
  onSend,
  onWrap,
  stepsOf,
  type EndpointOptions,
  type Hook,
  type Response,
  type Send,
} from "../../kernel/index.js";
import { Client as Full } from "../../plugins/presets/full.js";
import { auth } from "../../plugins/auth/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

// The request path pays only for what is registered (docs/how-it-works.md): no hooks → no
// before-after-hook dispatch; each hook callback and each parse is counted, never timed.
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
 * `Base` whose instances count their hook traffic: `this.hook = createHook()` in the kernel's
 * constructor goes through this setter, which wraps the collection before any plugin sees it.
 */
function counting<C extends typeof Client>(Base: C): { Counted: C; counts: Counts } {
  const counts: Counts = { dispatches: 0, callbacks: 0, who: [] };
  const Counted = class extends (Base as typeof Client) {} as unknown as C;
  const hooks = new WeakMap<object, Hook>();
  Object.defineProperty(Counted.prototype, "hook", {
    configurable: true,
    get(this: object) {
      return hooks.get(this);
    },
    set(this: object, real: Hook) {
      const wrapped = new Proxy(real, {
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
      hooks.set(this, wrapped);
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
});

test("hook callbacks on a default full-preset repos.get with a token: at most 2, with no hook dispatch", async () => {
  const { Counted, counts } = counting(Full);
  const client = new Counted({ baseUrl: server.url, auth: "ghp_count" });
  // auth's wrap (credentials for the API's origins only) and the retry/throttle engine's wrap,
  // registered with onWrap before any hook: the kernel runs them without before-after-hook.
  const steps = stepsOf(client.hook);
  let wrapCalls = 0;
  steps.wraps = steps.wraps!.map((wrap) => (send, options) => (wrapCalls++, wrap(send, options)));
  const { data } = await client.repos.get({ owner: "o", repo: "r" });
  assert.is(data.authorization, "token ghp_count");
  assert.is(counts.callbacks, 0, `${counts.callbacks} callbacks: ${counts.who.join(", ")}`);
  assert.is(counts.dispatches, 0);
  assert.is(wrapCalls, 2);
  assert.ok(counts.callbacks + wrapCalls <= 2);
});

test("a composition with retry, throttle and an authStrategy sends without a hook dispatch too", async () => {
  // Outside the presets, the policy engine (plugins/policy/engine.ts) and an @octokit auth
  // strategy (plugins/auth/octokit.ts) register kernel wraps as well.
  const strategy = () =>
    Object.assign(async () => ({ type: "token" }), {
      hook: (request: (o: unknown) => unknown, options: { headers: Record<string, string> }) => (
        (options.headers.authorization = "token from-strategy"),
        request(options)
      ),
    });
  const { Counted, counts } = counting(Client.plugin([auth, retry, throttle]) as unknown as typeof Client);
  const client = new Counted({ baseUrl: server.url, authStrategy: strategy } as never);
  const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.is(data.authorization, "token from-strategy");
  assert.is(counts.dispatches, 0);
  assert.is(stepsOf(client.hook).wraps!.length, 2, "the engine's wrap and the strategy's");
});

test("wraps registered with onWrap keep their place: inside later hooks, and hooks once one is registered", async () => {
  const trace: string[] = [];
  const client = new Client({ baseUrl: server.url });
  const tracing =
    (name: string) =>
    (send: Send, options: EndpointOptions): Promise<Response<any>> => {
      trace.push(`${name} in`);
      return Promise.resolve(send(options)).then((response) => (trace.push(`${name} out`), response));
    };
  onWrap(client, tracing("step 1"));
  onWrap(client, tracing("step 2"));
  assert.is(stepsOf(client.hook).wraps!.length, 2);
  await client.request("GET /echo");
  client.hook.wrap("request", tracing("hook"));
  // A hook is registered now: this one is a hook too, outside the first.
  onWrap(client, tracing("step 3"));
  assert.is(stepsOf(client.hook).wraps!.length, 2);
  await client.request("GET /echo");
  assert.equal(trace, [
    "step 2 in",
    "step 1 in",
    "step 1 out",
    "step 2 out",
    "step 3 in",
    "hook in",
    "step 2 in",
    "step 1 in",
    "step 1 out",
    "step 2 out",
    "hook out",
    "step 3 out",
  ]);
});

test("a wrap run by the kernel sends the options the dispatch started with, as before-after-hook's wraps do", async () => {
  const client = new Client({ baseUrl: server.url });
  onWrap(client, (send, options) => send({ ...options, url: "/echo?inner=1" }));
  onWrap(client, (send, options) => send({ ...options, url: "/echo?outer=1" }));
  const { data } = await client.request("GET /echo");
  // The outer wrap's new object is dropped; the innermost wrap's reaches the transport.
  assert.is(data.url, "/echo?inner=1");
});

test("prepare steps run before every hook, latest registered first; send steps run per attempt, innermost", async () => {
  const trace: string[] = [];
  const client = new Client({ baseUrl: server.url });
  onPrepare(client, () => void trace.push("prepare 1"));
  onPrepare(client, (options) => void (trace.push("prepare 2"), (options.headers.accept = "text/x-prepared")));
  onSend(client, (request) => {
    trace.push(`send ${request.headers.accept}`);
    return (response, error) => void trace.push(`done ${response?.status} ${error}`);
  });
  client.hook.wrap("request", async (request, options) => {
    trace.push("wrap");
    await request(options).catch(() => {});
    return request(options); // a retry: the send step runs again
  });
  await client.request("GET /echo");
  assert.equal(trace, [
    "prepare 2",
    "prepare 1",
    "wrap",
    "send text/x-prepared",
    "done 200 undefined",
    "send text/x-prepared",
    "done 200 undefined",
  ]);
});

test("options a hook changes are parsed again; unchanged ones are not", async () => {
  const client = new Client({ baseUrl: server.url });
  let first = true;
  client.hook.wrap("request", async (request, options) => {
    if (first) ((first = false), (options.repo = "changed"));
    return request(options);
  });
  const urls: string[] = [];
  onSend(client, (request) => void urls.push(request.url));
  await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).catch(() => {});
  await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.equal(urls, [`${server.url}/repos/o/changed`, `${server.url}/repos/o/r`]);
  // A header changed in place by a before hook reaches the server.
  client.hook.before("request", (options) => void (options.headers.accept = "text/x-before"));
  assert.is((await client.request("GET /echo")).data.accept, "text/x-before");
});

test.run();
