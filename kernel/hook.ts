import BeforeAfterHook from "before-after-hook";
import { passingOptions } from "./hook-chain.js";
import type { EndpointOptions, Response } from "./types.js";

/** The hook collection's single hook, `"request"`, typed through before-after-hook's type store. */
export type Hooks = { request: { Options: EndpointOptions; Result: Response<any>; Error: unknown } };
/** What a `wrap` hook calls to go on with the request: the rest of the chain, then the transport. */
export type Send = (options: EndpointOptions) => Response<any> | Promise<Response<any>>;

/**
 * `client.hook`: `before`, `after`, `error` and `wrap` for the `"request"` hook. Declared here,
 * not imported from before-after-hook: its declarations are an ES module, which the shared
 * declarations (CommonJS, build/per-file.mjs) cannot import for TypeScript 4.9. The collection
 * is before-after-hook's own (`createHook`); this is its API for the one hook.
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

/**
 * A new hook collection (`client.hook`): before-after-hook 4.0.0's own `Collection`, whose API
 * is unchanged (the last registered hook runs outermost), but the options a hook passes on
 * are what the next one sees and what is sent (kernel/hook-chain.ts). A client makes it on
 * the first read of `client.hook` (kernel/client.ts).
 */
export function createHook(): Hook {
  return passingOptions(new BeforeAfterHook.Collection<Hooks>());
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
