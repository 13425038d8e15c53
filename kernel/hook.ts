import Hook from "before-after-hook";
import type { Hook as HookCollection, Hooks } from "./request.js";
import type { Steps } from "./steps.js";
import { own } from "./own.js";

/**
 * `client.hook`: before-after-hook 4.0.0's `Collection` (its API, types and semantics: it
 * registers and runs every hook), created on the first registration. Until then a client
 * holds only the callable and its steps: the methods live on one shared prototype, and a
 * client with no `"request"` hook sends its requests straight to the transport
 * (kernel/request.ts reads `steps.hooks`); a hook added at any later time is seen by the
 * next request. before-after-hook is ESM-only: the CJS build bundles this one module with it
 * (build.mjs), so its run-time imports are inlined there: keep them pure.
 */

type Kind = "before" | "after" | "error" | "wrap";
type Own = { [COLLECTION]?: HookCollection; [STEPS]: Steps };
const COLLECTION = Symbol("forgekit.hook-collection");
/** kernel/steps.ts's STEPS: registered, so the bundled CJS copy of this module finds the same steps. */
const STEPS = Symbol.for("forgekit.steps");
/**
 * Runs what is dispatched on a collection with no registration yet. Nothing ever registers on
 * it (it is never handed out), so it holds no state: before-after-hook just calls the method.
 */
const EMPTY = new Hook.Collection<Hooks>();
/** The empty list new steps start with (kernel/steps.ts replaces lists, never changes them). */
const NONE: readonly never[] = Object.freeze([]);

function add(this: Own, kind: Kind, name: string, method: Function): void {
  (this[COLLECTION] ??= new Hook.Collection<Hooks>())[kind](name as "request", method as never);
  const steps = this[STEPS];
  if (name === "request") steps.hooks = steps.hooks.concat(method);
}

/** Removes as before-after-hook does: the first registration of `method`, of any kind. */
function remove(this: Own, name: string, method: Function): void {
  this[COLLECTION]?.remove(name as "request", method as never);
  const steps = this[STEPS];
  const index = name === "request" ? steps.hooks.indexOf(method) : -1;
  if (index >= 0) steps.hooks = steps.hooks.filter((_, i) => i !== index);
}

/**
 * Shared by every collection. Each method is bound to its collection on first access (and
 * kept on it), so `const { wrap } = client.hook` works; `api` holds the same five functions.
 */
const proto: object = Object.create(Function.prototype);
for (const kind of ["before", "after", "error", "wrap", "remove"] as const) {
  Object.defineProperty(proto, kind, {
    configurable: true,
    get(this: Own) {
      return own(this, kind, kind === "remove" ? remove.bind(this) : add.bind(this, kind));
    },
  });
}
Object.defineProperty(proto, "api", {
  configurable: true,
  get(this: HookCollection) {
    const { remove, before, error, after, wrap } = this;
    return own(this, "api", { remove, before, error, after, wrap });
  },
});

/** A new hook collection (`client.hook`). */
export function createHook(): HookCollection {
  const hook = ((name: string | string[], method: Function, options?: unknown) =>
    ((hook as unknown as Own)[COLLECTION] ?? EMPTY)(
      name as "request",
      method as never,
      options as never,
    )) as unknown as HookCollection;
  Object.setPrototypeOf(hook, proto);
  const steps: Steps = { prepare: NONE, observe: NONE, hooks: NONE, wraps: NONE };
  Object.defineProperty(hook, STEPS, { value: steps });
  return hook;
}
