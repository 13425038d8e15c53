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
/** A registered hook as one layer: `next` is the rest of the chain; `options` what the outer layer passed. */
type Layer = (next: Method, options: any) => Promise<unknown>;
/** A name's hooks (first registered first) and the chain composed from them when they last changed. */
type Chain = { hooks: Function[]; layers: Layer[]; run: (method: Method, options: unknown) => unknown };

/** `hook` of `kind` as a layer: it sees, and passes on, the options its outer hook passed. */
function layer(kind: string, hook: Function): Layer {
  return (next, options) =>
    Promise.resolve().then(() => {
      const send = (given?: unknown) => next(given ?? options);
      if (kind === "wrap") return hook(send, options);
      if (kind === "before") return Promise.resolve(hook(options)).then(() => send());
      const sent = Promise.resolve().then(() => send());
      return kind === "after"
        ? sent.then((response) => Promise.resolve(hook(response, options)).then(() => response))
        : sent.catch((error: unknown) => hook(error, options));
    });
}

/** The layers nested once (first registered innermost): each request then costs one call per hook. */
function compose(layers: Layer[]): Chain["run"] {
  let run: Chain["run"] = (method, options) => method(options);
  for (const outer of layers) {
    const inner = run;
    run = (method, options) => outer((given) => inner(method, given), options);
  }
  // before-after-hook calls the method with no options once every hook of a name was removed.
  return layers.length ? run : (method) => method();
}

/**
 * A new hook collection (`client.hook`), made on the first read of `client.hook`
 * (kernel/client.ts). Unlike before-after-hook 4.0.0, which hands every hook the options the
 * request started with, the options a hook passes on are what the next one sees and what is
 * sent (@octokit's auth strategies call `request(newOptions)`; test/kernel/hook-chain.test.ts).
 */
export function createHook(): Hook {
  const chains = new Map<unknown, Chain>();
  const change = (name: unknown, edit: (chain: Chain) => void) => {
    const chain = chains.get(name) ?? { hooks: [], layers: [], run: compose([]) };
    edit(chain);
    chain.run = compose(chain.layers);
    chains.set(name, chain);
  };
  const add = (kind: string) => (name: unknown, hook: Function) =>
    change(name, (chain) => (chain.hooks.push(hook), chain.layers.push(layer(kind, hook))));
  const remove = (name: unknown, hook: Function) => {
    // The earliest registration of the function, as before-after-hook.
    const at = chains.get(name)?.hooks.indexOf(hook) ?? -1;
    if (at >= 0) change(name, (chain) => (chain.hooks.splice(at, 1), chain.layers.splice(at, 1)));
  };
  const dispatch = (name: unknown, method: Method, options?: unknown): Promise<unknown> => {
    if (typeof method !== "function") throw new Error("method for before hook must be a function");
    options ??= {};
    // Several names nest, the first outermost; `reverse` changes the caller's array, as before-after-hook does.
    if (Array.isArray(name))
      return name.reverse().reduce((inner: Method, n) => () => dispatch(n, inner, options), method)() as Promise<unknown>;
    return Promise.resolve().then(() => {
      const chain = chains.get(name);
      return chain ? chain.run(method, options) : method(options);
    });
  };
  const api = { before: add("before"), error: add("error"), after: add("after"), wrap: add("wrap"), remove };
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
