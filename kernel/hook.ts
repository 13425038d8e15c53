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
/** A registered hook. */
type Entry = { kind: "before" | "error" | "after" | "wrap"; hook: Function };

/**
 * Run `chain[at]` (the last registered outermost), then the hooks inside it, then `method`.
 * Each hook sees, and passes on, the options its outer hook passed.
 */
function step(chain: readonly Entry[], at: number, method: Method, options: unknown): unknown {
  if (at < 0) return method(options);
  const { kind, hook } = chain[at]!;
  return Promise.resolve().then(() => {
    const send = (given?: unknown) => step(chain, at - 1, method, given ?? options);
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
 * A name's hooks are a new array on every change, so a request in flight keeps the chain it
 * started with; the methods share one closure scope (heap per client).
 */
export function createHook(): Hook {
  const chains = new Map<unknown, readonly Entry[]>();
  const add = (kind: Entry["kind"], name: unknown, hook: Function) =>
    void chains.set(name, [...(chains.get(name) ?? []), { kind, hook }]);
  const remove = (name: unknown, hook: Function) => {
    const chain = chains.get(name) ?? [];
    // The earliest registration of the function, as before-after-hook.
    const at = chain.findIndex((entry) => entry.hook === hook);
    if (at >= 0) chains.set(name, chain.filter((_, i) => i !== at));
  };
  const dispatch = (name: unknown, method: Method, options?: unknown): Promise<unknown> => {
    if (typeof method !== "function") throw new Error("method for before hook must be a function");
    options ??= {};
    // Several names nest, the first outermost; `reverse` changes the caller's array, as before-after-hook does.
    if (Array.isArray(name))
      return name.reverse().reduce((inner: Method, n) => () => dispatch(n, inner, options), method)() as Promise<unknown>;
    return Promise.resolve().then(() => {
      const chain = chains.get(name);
      // before-after-hook calls the method with no options once every hook of a name was removed.
      return !chain ? method(options) : chain.length ? step(chain, chain.length - 1, method, options) : method();
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
