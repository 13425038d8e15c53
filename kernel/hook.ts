import BeforeAfterHook, { type HookCollection } from "before-after-hook";
import type { EndpointOptions, Response } from "./types.js";

/** The hook collection's single hook, `"request"`, typed through before-after-hook's type store. */
export type Hooks = { request: { Options: EndpointOptions; Result: Response<any>; Error: unknown } };
/** `client.hook`: `before`, `after`, `error` and `wrap` for the `"request"` hook (before-after-hook). */
export type Hook = HookCollection<Hooks>;
/** What a `wrap` hook calls to go on with the request: the rest of the chain, then the transport. */
export type Send = (options: EndpointOptions) => Response<any> | Promise<Response<any>>;

/** The methods registered on a collection's `"request"` hook, in order (kernel/request.ts reads it). */
export const REQUEST_HOOKS = Symbol("forgekit.request-hooks");
/** A collection made by {@link createHook}: it lists what is registered on `"request"`. */
export type Counted = Hook & { [REQUEST_HOOKS]?: Function[] };

/**
 * A new hook collection (`client.hook`): before-after-hook 4.0.0's `Collection`, whose API,
 * types and semantics are unchanged (the last registered hook runs outermost). It also keeps
 * the list of what is registered on `"request"`, so that the kernel can send a request
 * straight to the transport when nothing is.
 */
export function createHook(): Hook {
  const hook = new BeforeAfterHook.Collection<Hooks>() as Counted;
  const registered: Function[] = (hook[REQUEST_HOOKS] = []);
  const api: Record<string, Function> = { remove: hook.remove };
  for (const kind of ["before", "after", "error", "wrap"] as const) {
    const add = hook[kind] as (name: string, method: Function) => void;
    api[kind] = (name: string, method: Function) => {
      add(name, method);
      if (name === "request") registered.push(method);
    };
  }
  // before-after-hook removes the first registration of `method`, of any kind: so does this list.
  const remove = hook.remove as (name: string, method: Function) => void;
  api.remove = (name: string, method: Function) => {
    remove(name, method);
    const index = name === "request" ? registered.indexOf(method) : -1;
    if (index >= 0) registered.splice(index, 1);
  };
  Object.assign(hook, api);
  hook.api = api as never;
  return hook;
}
