// Hook callbacks per default request: `node hooks.mjs <baseUrl>`. A count, not a time. A
// subclass of each library's client wraps the hook collection the constructor assigns
// (`this.hook = …` goes through the prototype's setter) before any plugin registers on it,
// then one `repos.get` with a token is sent. Prints { forgekit: { callbacks, dispatches },
// "octokit-rest": … } (`skipped` where the wrapping does not apply).
const [baseUrl] = process.argv.slice(2);
const OWNER = "octo-org";
const REPO = "octo-repo";

/** `Base` whose instances count calls of registered hook functions and of the collection. */
function counting(Base) {
  const counts = { callbacks: 0, dispatches: 0 };
  const Counted = class extends Base {};
  const hooks = new WeakMap();
  Object.defineProperty(Counted.prototype, "hook", {
    configurable: true,
    get() {
      return hooks.get(this);
    },
    set(real) {
      const wrapped = new Proxy(real, {
        apply: (target, self, args) => (counts.dispatches++, Reflect.apply(target, self, args)),
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (!["before", "after", "error", "wrap"].includes(key)) return value;
          return (name, fn) => value(name, (...args) => (counts.callbacks++, fn(...args)));
        },
      });
      hooks.set(this, wrapped);
    },
  });
  return { Counted, counts };
}

async function measure(Base, get) {
  const { Counted, counts } = counting(Base);
  const client = new Counted({ baseUrl, auth: "ghp_benchmarkToken0123456789abcdefghij" });
  if (Object.prototype.hasOwnProperty.call(client, "hook"))
    return { skipped: "its hook is an own field, set past the counting setter" };
  await get(client);
  return counts;
}

const results = {};
const { Client } = await import("forgekit");
results.forgekit = await measure(Client, (c) => c.repos.get({ owner: OWNER, repo: REPO }));
const { Octokit } = await import("@octokit/rest");
results["octokit-rest"] = await measure(Octokit, (c) => c.rest.repos.get({ owner: OWNER, repo: REPO }));
process.stdout.write(`${JSON.stringify(results)}\n`);
