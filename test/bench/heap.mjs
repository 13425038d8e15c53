// Heap per client: `node --expose-gc heap.mjs <contender> <touch: 0|1>`. Constructs one
// client first (and touches `repos.get` when asked) so one-time module and scope loading is
// not counted, then measures heapUsed around constructing 1,000 more, with gc() before and
// after. Prints { bytesPerClient } or { skipped }.
const [name, touchArg] = process.argv.slice(2);
const touch = touchArg === "1";
const N = 1000;
if (typeof globalThis.gc !== "function") throw new Error("heap.mjs needs node --expose-gc");

const factories = {
  async forgekit() {
    const { default: forgekit } = await import("forgekit");
    return { make: () => forgekit(), get: (client) => client.repos?.get };
  },
  async "octokit-rest"() {
    const { Octokit } = await import("@octokit/rest");
    return { make: () => new Octokit(), get: (octokit) => octokit.rest.repos.get };
  },
  async "octokit-core"() {
    const { Octokit } = await import("@octokit/core");
    return { make: () => new Octokit(), get: () => undefined };
  },
};

const factory = factories[name];
if (!factory) {
  process.stdout.write(`${JSON.stringify({ skipped: "no client object" })}\n`);
  process.exit(0);
}
const { make, get } = await factory();
const warm = make();
if (touch && typeof get(warm) !== "function") {
  process.stdout.write(
    `${JSON.stringify({ skipped: name === "forgekit" ? "no client.repos.get in the preset yet" : "no repos.get" })}\n`,
  );
  process.exit(0);
}
// Let any lazily imported scope chunk finish loading before the baseline.
await new Promise((resolve) => setTimeout(resolve, 50));
const clients = new Array(N).fill(null);
const methods = new Array(N).fill(null);
const settle = () => {
  for (let i = 0; i < 4; i++) globalThis.gc();
};
settle();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < N; i++) {
  clients[i] = make();
  if (touch) methods[i] = get(clients[i]);
}
settle();
const after = process.memoryUsage().heapUsed;
if (clients.some((c) => !c) || (touch && methods.some((m) => typeof m !== "function")))
  throw new Error("a client went missing");
process.stdout.write(`${JSON.stringify({ bytesPerClient: (after - before) / N })}\n`);
