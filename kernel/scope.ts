/**
 * Scopes such as `client.repos` are Proxies over a plain cache object: a method is
 * resolved by name on first access and cached on the target, so later reads are plain
 * property reads. The client itself is not a Proxy.
 */

/** Where a scope's methods come from. */
export interface ScopeSource {
  /** Every method name the scope lists (for `Object.keys`, `in`, completion). */
  names(): readonly string[];
  /** Create the method `name` (or an alias), or `undefined` when there is none. */
  resolve(name: string): Function | undefined;
}

const sources = new WeakMap<object, ScopeSource>();

/**
 * Resolve `name` once and cache it on the target as a data property. Names the scope
 * lists are enumerable; aliases (legacy names) resolve but stay out of `Object.keys`.
 */
function materialize(target: Record<string, unknown>, name: string): boolean {
  if (Object.prototype.hasOwnProperty.call(target, name)) return true;
  const source = sources.get(target);
  const method = source?.resolve(name);
  if (method === undefined) return false;
  const enumerable = source!.names().includes(name);
  Object.defineProperty(target, name, { value: method, writable: true, enumerable, configurable: true });
  return true;
}

/** Keys the Proxy must never resolve: `await scope` must not hang, inspection must not load. */
function ignored(key: string | symbol): key is symbol {
  return typeof key !== "string" || key === "then" || key === "constructor" || key === "toJSON" || key === "inspect";
}

const handler: ProxyHandler<Record<string, unknown>> = {
  get(target, key, receiver) {
    // A cached method is a plain read. Inherited Object.prototype members (hasOwnProperty,
    // toString…) stay what they are.
    if (!(key in target) && !ignored(key)) materialize(target, key);
    return Reflect.get(target, key, receiver);
  },
  has(target, key) {
    if (ignored(key)) return Reflect.has(target, key);
    return (
      Object.prototype.hasOwnProperty.call(target, key) ||
      sources.get(target)!.names().includes(key) ||
      materialize(target, key)
    );
  },
  ownKeys(target) {
    const keys = new Set<string | symbol>(sources.get(target)!.names());
    for (const key of Reflect.ownKeys(target)) keys.add(key);
    return [...keys];
  },
  getOwnPropertyDescriptor(target, key) {
    if (ignored(key)) return Reflect.getOwnPropertyDescriptor(target, key);
    materialize(target, key);
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
    // A method made before its scope listed it (names that load with the scope's routes) is
    // listed once the scope has loaded.
    if (descriptor && !descriptor.enumerable && sources.get(target)!.names().includes(key))
      Reflect.defineProperty(target, key, (descriptor.enumerable = true) && descriptor);
    return descriptor;
  },
  // set/defineProperty/deleteProperty act on the cache, so `sinon.stub(client.repos, "get")`
  // replaces the method and `restore()` puts the original back.
  set(target, key, value) {
    return Reflect.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  },
  defineProperty(target, key, descriptor) {
    return Reflect.defineProperty(target, key, descriptor);
  },
  deleteProperty(target, key) {
    return Reflect.deleteProperty(target, key);
  },
};

/**
 * Create a scope object whose methods come from `source`, resolved lazily.
 *
 * @example
 * const repos = createScope({ names: () => ["get"], resolve: (name) => name === "get" ? client.request.defaults({ url: "/repos/{owner}/{repo}" }) : undefined });
 */
export function createScope<T extends object = Record<string, Function>>(source: ScopeSource): T {
  const target: Record<string, unknown> = {};
  sources.set(target, source);
  return new Proxy(target, handler) as T;
}
