import Hook from "before-after-hook";
import type { Hook as HookCollection, Hooks } from "./request.js";
import { stepsOf } from "./steps.js";

/**
 * A new hook collection. before-after-hook is ESM-only; the CJS build inlines this one
 * module with it (build.mjs) so `require("forgekit")` never loads ESM. The collection keeps
 * track of the `"request"` hooks registered on it (and removed, as before-after-hook removes
 * them: the first registration of that function), so a client with none sends its requests
 * straight to the transport; a hook added at any later time is seen by the next request.
 */
export function createHook(): HookCollection {
  const hook = new Hook.Collection<Hooks>();
  const { hooks } = stepsOf(hook);
  for (const kind of ["before", "after", "error", "wrap"] as const) {
    const add = hook[kind] as (name: string, method: unknown) => void;
    (hook as unknown as Record<string, unknown>)[kind] = hook.api[kind] = ((name: string, method: unknown) => {
      add(name, method);
      if (name === "request") hooks.push(method);
    }) as never;
  }
  const remove = hook.remove as (name: string, method: unknown) => void;
  hook.remove = hook.api.remove = ((name: string, method: unknown) => {
    remove(name, method);
    const index = name === "request" ? hooks.indexOf(method) : -1;
    if (index >= 0) hooks.splice(index, 1);
  }) as never;
  return hook;
}
