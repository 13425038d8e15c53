import type { EndpointOptions, Response } from "./types.js";

/** The hook collection's single hook, `"request"`, typed as before-after-hook's type store. */
export type Hooks = { request: { Options: EndpointOptions; Result: Response<any>; Error: unknown } };
/** What a `wrap` hook calls to go on with the request: the rest of the chain, then the transport. */
export type Send = (options: EndpointOptions) => Response<any> | Promise<Response<any>>;

/**
 * `client.hook`: `before`, `after`, `error` and `wrap` for the `"request"` hook, with the API
 * and order of before-after-hook 4's `Collection` (the last registered hook runs outermost).
 */
export interface Hook {
  /** Sends through every registered hook, as a request does. */
  (name: "request" | "request"[], send: Send, options?: EndpointOptions): Promise<Response<any>>;
  /** Runs `hook` before each request, with its options. */
  before(name: "request", hook: (options: EndpointOptions) => void | Promise<void>): void;
  /** What `hook` returns is the response; what it throws, the error. */
  error(name: "request", hook: (error: unknown, options: EndpointOptions) => unknown): void;
  /** Runs `hook` after each response. */
  after(name: "request", hook: (response: Response<any>, options: EndpointOptions) => void | Promise<void>): void;
  /** `hook` calls `send` (or not) and returns the response. */
  wrap(name: "request", hook: (send: Send, options: EndpointOptions) => Response<any> | Promise<Response<any>>): void;
  /** Removes a hook added with any of the four. */
  remove(name: "request", hook: Parameters<Hook["before" | "error" | "after" | "wrap"]>[1]): void;
  /** The collection without the call: for code that may only add and remove hooks. */
  api: Pick<Hook, "before" | "error" | "after" | "wrap" | "remove">;
}

type Method = (options?: any) => unknown;
type Kind = "before" | "error" | "after" | "wrap";
/** A name's hooks, first registered first, as pairs in one flat array: `[kind, hook, kind, hook, …]`. */
type Chain = readonly (Kind | Function)[];

/**
 * Run the hook at `chain[at]` (the last registered is outermost), then the hooks inside it,
 * then `method`. Each hook sees, and passes on, the options its outer hook passed.
 */
function step(chain: Chain, at: number, method: Method, options: unknown): unknown {
  if (at < 0) return method(options);
  const kind = chain[at] as Kind;
  const hook = chain[at + 1] as Function;
  return Promise.resolve().then(() => {
    const send = (given?: unknown) => step(chain, at - 2, method, given ?? options);
    if (kind === "wrap") return hook(send, options);
    if (kind === "before") return Promise.resolve(hook(options)).then(() => send());
    const sent = Promise.resolve().then(() => send());
    return kind === "after"
      ? sent.then((response) => Promise.resolve(hook(response, options)).then(() => response))
      : sent.catch((error: unknown) => hook(error, options));
  });
}

/**
 * A new hook collection (`client.hook`), made on the first read of `client.hook`
 * (kernel/client.ts). Unlike before-after-hook 4.0.0, which hands every hook the options the
 * request started with, the options a hook passes on are what the next one sees and what is
 * sent (@octokit's auth strategies call `request(newOptions)`; test/kernel/hook-chain.test.ts).
 * A name's chain is a new array on every change, so a request in flight keeps the chain it
 * started with. Few objects per client (test/bench/heap.mjs): the methods share one closure
 * scope, and `"request"`'s chain needs no Map.
 */
export function createHook(): Hook {
  let request: Chain | undefined;
  let others: Map<unknown, Chain> | undefined;
  const get = (name: unknown) => (name === "request" ? request : others?.get(name));
  const set = (name: unknown, chain: Chain) =>
    void (name === "request" ? (request = chain) : (others ??= new Map()).set(name, chain));
  const add = (kind: Kind, name: unknown, hook: Function) => set(name, (get(name) ?? []).concat(kind, hook));
  const remove = (name: unknown, hook: Function) => {
    const chain = get(name) ?? [];
    // The earliest registration of the function, as before-after-hook.
    let at = 1;
    while (at < chain.length && chain[at] !== hook) at += 2;
    if (at < chain.length) set(name, chain.slice(0, at - 1).concat(chain.slice(at + 1)));
  };
  const dispatch = (name: unknown, method: Method, options?: unknown): Promise<unknown> => {
    if (typeof method !== "function") throw new Error("method for before hook must be a function");
    options ??= {};
    // Several names nest, the first outermost; `reverse` changes the caller's array, as before-after-hook does.
    if (Array.isArray(name))
      return name
        .reverse()
        .reduce((inner: Method, n) => () => dispatch(n, inner, options), method)() as Promise<unknown>;
    return Promise.resolve().then(() => {
      const chain = get(name);
      // before-after-hook calls the method with no options once every hook of a name was removed.
      return !chain ? method(options) : chain.length ? step(chain, chain.length - 2, method, options) : method();
    });
  };
  const api = {
    before: (name: unknown, hook: Function) => add("before", name, hook),
    error: (name: unknown, hook: Function) => add("error", name, hook),
    after: (name: unknown, hook: Function) => add("after", name, hook),
    wrap: (name: unknown, hook: Function) => add("wrap", name, hook),
    remove,
  };
  return Object.assign(dispatch, api, { api }) as unknown as Hook;
}

/** Where a request function finds its hook: a collection, or a client whose `hook` is made on first read. */
export type HookSource = Hook | { readonly hook?: Hook };

/**
 * The collection `source` has now: `undefined` while a client's `hook` was never read, so
 * nothing can be registered and its requests go straight to the transport (the one `if`).
 */
export function hookOf(source: HookSource): Hook | undefined {
  return typeof source === "function" ? source : Object.hasOwn(source, "hook") ? source.hook : undefined;
}
