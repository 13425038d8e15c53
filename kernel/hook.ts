import BeforeAfterHook, { type HookCollection } from "before-after-hook";
import type { EndpointOptions, Response } from "./types.js";

/** The hook collection's single hook, `"request"`, typed through before-after-hook's type store. */
export type Hooks = { request: { Options: EndpointOptions; Result: Response<any>; Error: unknown } };
/** `client.hook`: `before`, `after`, `error` and `wrap` for the `"request"` hook (before-after-hook). */
export type Hook = HookCollection<Hooks>;
/** What a `wrap` hook calls to go on with the request: the rest of the chain, then the transport. */
export type Send = (options: EndpointOptions) => Response<any> | Promise<Response<any>>;

/**
 * A new hook collection (`client.hook`): before-after-hook 4.0.0's own `Collection`, whose API,
 * types and semantics are unchanged (the last registered hook runs outermost). A client makes
 * it on the first read of `client.hook` (kernel/client.ts).
 */
export function createHook(): Hook {
  return new BeforeAfterHook.Collection<Hooks>();
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
