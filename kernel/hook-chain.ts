import type { Hook, Send } from "./hook.js";
import type { EndpointOptions, Response } from "./types.js";

type Registered = (next: Send, options: EndpointOptions, passed?: EndpointOptions) => Promise<Response<any>>;
type Kind = "before" | "error" | "after" | "wrap";

/**
 * before-after-hook 4.0.0 binds each hook to the options the request started with: when a
 * `wrap` calls `request(newOptions)` (as @octokit's auth strategies and plugins do), the
 * next hook still sees, and sends, the first object — only changes made in place survive.
 * Here every hook is registered as a `wrap` that takes the options its outer hook passed
 * (the extra argument the bound function receives) and hands on what it is given, so the
 * options passed to `request` are what is sent (test/kernel/hook-chain.test.ts).
 */
export function passingOptions(collection: Hook): Hook {
  const added = new Map<Function, Registered[]>();
  // before-after-hook's own, bound to its state: kept before `collection` gets ours.
  const { wrap, remove: unregister } = collection;
  const add = (kind: Kind) => (name: "request", hook: Function) => {
    const registered = chained(kind, hook);
    added.set(hook, [...(added.get(hook) ?? []), registered]);
    wrap(name, registered as never);
  };
  const remove = (name: "request", hook: Function) => {
    // before-after-hook removes the earliest registration of a function: so do we.
    const [first, ...rest] = added.get(hook) ?? [];
    if (!first) return;
    if (rest.length) added.set(hook, rest);
    else added.delete(hook);
    unregister(name, first as never);
  };
  const api = { before: add("before"), error: add("error"), after: add("after"), wrap: add("wrap"), remove };
  return Object.assign(collection, api, { api }) as Hook;
}

/** `hook` of `kind` as a wrap of the options it is passed; a call with no options sends those. */
function chained(kind: Kind, hook: Function): Registered {
  return (next, options, passed) => {
    const current = passed ?? options;
    const send = (given?: EndpointOptions) => next(given ?? current);
    return Promise.resolve().then((): unknown => {
      switch (kind) {
        case "wrap":
          return hook(send, current);
        case "before":
          return Promise.resolve(hook(current)).then(() => send());
        case "after":
          return Promise.resolve(send()).then((response) =>
            Promise.resolve(hook(response, current)).then(() => response),
          );
        case "error":
          return Promise.resolve(send()).catch((error: unknown) => hook(error, current));
      }
    }) as Promise<Response<any>>;
  };
}
