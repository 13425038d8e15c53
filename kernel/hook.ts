import type { Hook as HookCollection } from "./request.js";
import type { Steps } from "./steps.js";

/**
 * `client.hook`: the request hook collection, with before-after-hook 4.0.0's semantics (its
 * API and its types): `before`/`after`/`error`/`wrap` register, the last registered runs
 * outermost, each callback goes through a microtask, and an inner function receives the
 * options object the request started with. Its methods live on one shared prototype, so a
 * client holds only the callable and its list of registrations; a client with none sends its
 * requests straight to the transport (kernel/request.ts), and a hook added at any later time
 * is seen by the next request.
 */

type Method = (options: any) => unknown;
type Registered = { hook: (method: Method, options: unknown) => unknown; orig: Function };
type Registry = Record<string, Registered[]>;
const REGISTRY = Symbol("forgekit.hook-registry");
/** kernel/steps.ts's STEPS (registered): this module imports nothing at run time, as the CJS build bundles it alone. */
const STEPS = Symbol.for("forgekit.steps");

function registryOf(hook: object): Registry {
  return (hook as { [REGISTRY]: Registry })[REGISTRY];
}

/** The wrapper before-after-hook puts around each kind of hook. */
function asWrap(kind: string, orig: Function): Registered["hook"] {
  if (kind === "before")
    return (method, options) => Promise.resolve().then(orig.bind(null, options)).then(method.bind(null, options));
  if (kind === "after")
    return (method, options) => {
      let result: unknown;
      return Promise.resolve()
        .then(method.bind(null, options))
        .then((value) => ((result = value), orig(value, options)))
        .then(() => result);
    };
  if (kind === "error")
    return (method, options) =>
      Promise.resolve()
        .then(method.bind(null, options))
        .catch((error: unknown) => orig(error, options));
  return orig as Registered["hook"];
}

function add(this: object, kind: string, name: string, orig: Function): void {
  const registry = registryOf(this);
  (registry[name] ??= []).push({ hook: asWrap(kind, orig), orig });
}

function remove(this: object, name: string, orig: Function): void {
  const list = registryOf(this)[name];
  const index = list ? list.findIndex((registered) => registered.orig === orig) : -1;
  if (index >= 0) list!.splice(index, 1);
}

/**
 * Shared by every collection. Each method is bound to its collection on first access (and
 * kept on it), as before-after-hook's are, so `const { wrap } = client.hook` works too.
 */
const proto: object = Object.create(Function.prototype);
for (const kind of ["before", "after", "error", "wrap", "remove"]) {
  Object.defineProperty(proto, kind, {
    get(this: object) {
      const bound = kind === "remove" ? remove.bind(this) : add.bind(this, kind);
      Object.defineProperty(this, kind, { value: bound, writable: true, configurable: true });
      return bound;
    },
    configurable: true,
  });
}
// `hook.api` is the collection itself: the same before/after/error/wrap/remove.
Object.defineProperty(proto, "api", {
  get(this: object) {
    return this;
  },
  configurable: true,
});

function run(registry: Registry, name: string | string[], method: Method, options?: unknown): Promise<unknown> {
  if (typeof method !== "function") throw new Error("method for before hook must be a function");
  options ||= {};
  if (Array.isArray(name)) {
    const chained = [...name]
      .reverse()
      .reduce<Method>((inner, one) => () => run(registry, one, inner, options), method);
    return chained(options) as Promise<unknown>;
  }
  return Promise.resolve().then(() => {
    const list = registry[name];
    if (!list?.length) return method(options);
    return list.reduce<Method>((inner, registered) => registered.hook.bind(null, inner, options), method)(undefined);
  });
}

/** A new hook collection (`client.hook`). */
export function createHook(): HookCollection {
  const registry: Registry = { request: [] };
  const hook = ((name: string | string[], method: Method, options?: unknown) =>
    run(registry, name, method, options)) as unknown as HookCollection;
  Object.setPrototypeOf(hook, proto);
  Object.defineProperty(hook, REGISTRY, { value: registry });
  const steps: Steps = { prepare: [], observe: [], hooks: registry.request! };
  Object.defineProperty(hook, STEPS, { value: steps });
  return hook;
}
