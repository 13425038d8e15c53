// Hook callbacks per default request: `node hooks.mjs <baseUrl>`. A count, not a time. A
// subclass of each library's client wraps the hook collection before any plugin registers on
// it: forgekit makes `client.hook` on its first read (a getter on Client.prototype that keeps
// it as an own property, which the kernel looks for: kernel/hook.ts `hookOf`), @octokit assigns
// `this.hook = …` in its constructor; the subclass's accessor takes either and keeps the
// wrapped collection as the instance's own property. Then one `repos.get` with a token is sent.
// Prints { forgekit: { callbacks, dispatches }, "octokit-rest": … } (`skipped` where the
// wrapping does not apply).
const [baseUrl] = process.argv.slice(2);
const OWNER = "octo-org";
const REPO = "octo-repo";

/** The `hook` accessor `Base` instances inherit, if any. */
function inheritedHook(Base) {
  for (let proto = Base.prototype; proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, "hook");
    if (descriptor) return descriptor;
  }
  return undefined;
}

/** `Base` whose instances count calls of registered hook functions and of the collection. */
function counting(Base) {
  const counts = { callbacks: 0, dispatches: 0 };
  const Counted = class extends Base {};
  const wrappedOnes = new WeakSet();
  const inherited = inheritedHook(Base);
  const keep = (self, real) => {
    const wrapped = new Proxy(real, {
      apply: (target, that, args) => (counts.dispatches++, Reflect.apply(target, that, args)),
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (!["before", "after", "error", "wrap"].includes(key)) return value;
        return (name, fn) => value(name, (...args) => (counts.callbacks++, fn(...args)));
      },
    });
    wrappedOnes.add(wrapped);
    Object.defineProperty(self, "hook", { value: wrapped, writable: true, enumerable: true, configurable: true });
    return wrapped;
  };
  Object.defineProperty(Counted.prototype, "hook", {
    configurable: true,
    get() {
      // First read: the library's own collection (made by its getter, if it has one), wrapped.
      return inherited?.get ? keep(this, inherited.get.call(this)) : undefined;
    },
    set(real) {
      keep(this, real);
    },
  });
  return { Counted, counts, wrappedOnes };
}

async function measure(Base, get) {
  const { Counted, counts, wrappedOnes } = counting(Base);
  const client = new Counted({ baseUrl, auth: "ghp_benchmarkToken0123456789abcdefghij" });
  if (!wrappedOnes.has(client.hook)) return { skipped: "its hook is an own field, set past the counting accessor" };
  await get(client);
  return counts;
}

const results = {};
const { Client } = await import("forgekit");
results.forgekit = await measure(Client, (c) => c.repos.get({ owner: OWNER, repo: REPO }));
const { Octokit } = await import("@octokit/rest");
results["octokit-rest"] = await measure(Octokit, (c) => c.rest.repos.get({ owner: OWNER, repo: REPO }));
process.stdout.write(`${JSON.stringify(results)}\n`);
