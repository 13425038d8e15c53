import type { TransportOptions } from "../../kernel/index.js";

/**
 * Which transport sends a request in Node: the one decision, in one place, so that a test's
 * HTTP mock always sees the request. Mocking libraries patch one of two layers: node:http
 * (nock up to 13, mitm) or `fetch` (fetch-mock, a replaced `globalThis.fetch`, undici's
 * `MockAgent`); nock 14 and msw 2 patch both. A request that took the unpatched layer would
 * go past the mock to the real network, with the test's credentials.
 *
 * In order: the caller's own `request.fetch`; no `fetch` at all (`node --no-experimental-fetch`);
 * an `agent` (it is node:http's) — unless the client is the drop-in `Octokit` ({@link AGENT_YIELDS},
 * as @octokit/rest v22 ignores `agent`) and a test mocked the fetch layer only: then fetch, the
 * agent unused; Deno and Bun, whose fetch is their own fast path; a
 * proxy named by `request.proxy` (on `Octokit`, it yields as an agent does); a
 * fetch that is not the runtime's own, or a global undici dispatcher that is not a plain
 * `Agent`; otherwise {@link DEFAULT}, node:http, whatever a proxy (`proxied`: its agent
 * tunnels through node:http) or a mock of node:http says. A fetch mock thus wins over a proxy
 * from the environment, and a mock of both layers (nock 14, msw 2) sees node:http's request.
 */
export type Transport = "fetch" | "node:http";

/**
 * The transport when nothing is patched or asked for, in Node: node:http with a keep-alive
 * agent (plugins/agent/fetch.ts), which spends less time and CPU per request than fetch
 * (`npm run bench` measures both side by side: test/bench/) and decodes bodies with the same
 * rules and limits.
 */
export const DEFAULT: Transport = "node:http";

/** Where undici (and Node's fetch, which is undici) keeps the global dispatcher. */
const DISPATCHER = Symbol.for("undici.globalDispatcher.1");

/** The transport for a request with these transport options (run on every request: no helpers but `isOwn`). */
export function chooseTransport(request: TransportOptions, proxied = false, agentYields = false): Transport {
  if (request.fetch) return "fetch";
  const fetch = globalThis.fetch;
  if (typeof fetch !== "function") return "node:http";
  if (request.agent !== undefined && (!agentYields || OTHER_RUNTIME)) return "node:http";
  if (OTHER_RUNTIME) return "fetch";
  // A proxy the caller named (`request.proxy`) is kept as an agent is: a wrapped fetch must not
  // bypass it. One from the environment gives way to a fetch mock.
  if (proxied && request.proxy !== undefined && !agentYields) return "node:http";
  // A global undici dispatcher set by a test (`MockAgent`, …) or a caller (`ProxyAgent`,
  // `EnvHttpProxyAgent`) rather than the default `Agent`: fetch, which it configures.
  const dispatcher = (globalThis as Record<symbol, { constructor?: { name?: string } } | undefined>)[DISPATCHER];
  const fetchMocked = !isOwn(fetch, FETCH) || (dispatcher !== undefined && dispatcher.constructor?.name !== "Agent");
  if (request.agent !== undefined) return fetchMocked && !httpPatched() ? "fetch" : "node:http";
  if (fetchMocked) return "fetch";
  return proxied ? "node:http" : DEFAULT;
}

/**
 * Set (to `true`) on the drop-in `Octokit` class (plugins/presets/octokit.ts), inherited by its
 * subclasses: an `agent` yields to a test's fetch-only mock, as @octokit/rest v22, which sends
 * every request with fetch, never uses it. Every other client always sends with its `agent`:
 * a wrapped `globalThis.fetch` (an APM's instrumentation) must not bypass a proxy agent.
 */
export const AGENT_YIELDS = Symbol.for("forgekit.agentYieldsToFetchMocks");

/** Whether node:http or node:https is patched (nock up to 13, mitm; nock 14 and msw 2 patch both layers). */
function httpPatched(): boolean {
  // The built-in modules, without importing them statically (this file is read on every request).
  const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule;
  const http = builtin?.("node:http") as { request?: unknown } | undefined;
  const https = builtin?.("node:https") as { request?: unknown } | undefined;
  return Boolean(http && https && (!isOwn(http.request, HTTP_REQUEST) || !isOwn(https.request, HTTP_REQUEST)));
}

/** Deno and Bun run Node's modules too, but their own fetch is the transport there. */
const OTHER_RUNTIME =
  typeof (globalThis as { Deno?: unknown }).Deno !== "undefined" ||
  typeof (globalThis as { Bun?: unknown }).Bun !== "undefined";

// Node's own functions are JavaScript, so their source text is their own: its name and what
// only Node's own code can reach (undici's internal module; node:http's `ClientRequest`, which
// http calls with `new` and https through the primordial `ReflectConstruct`). A mock's
// replacement is another function (nock 13: `function (input, options, callback)`; a test's
// `async function fetch(input, init)`), a Proxy or a bound function (`function () { [native
// code] }`). Bun's fetch is native and named `fetch` (Bun and Deno are told apart above). A
// Node release whose text changes reads as "mocked": fetch is then used, slower but never past a mock.
const FETCH = /^(?:async )?function fetch\([^]*'internal\/deps\/undici\/undici'/;
const HTTP_REQUEST = /^function request\([^]*(?:new |ReflectConstruct\()ClientRequest\b/;

/** Functions already looked at: the answer is the same for the same function object. */
const seen = new WeakMap<object, boolean>();

/** Whether `fn` is the runtime's own function (its source text matches `own`). */
function isOwn(fn: unknown, own: RegExp): boolean {
  if (typeof fn !== "function") return true;
  let answer = seen.get(fn);
  if (answer === undefined) seen.set(fn, (answer = own.test(Function.prototype.toString.call(fn))));
  return answer;
}
