import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, ParameterError } from "../../kernel/index.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { deployment, load, loadParams, names } from "../../definitions/api.github.com/index.js";
import { Client as Browser } from "../../plugins/presets/browser.js";
import { startServer, type TestServer } from "../helpers/server.js";

// The browser preset's registry holds scope names only; each scope's routes, its method names
// with them, load on first use.
const test = suite("plugins: endpoints — lazy scopes (browser registry)");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": (req) => ({ body: { url: req.url } }) });
});
test.after(() => server.close());

test("a scope's names come with its routes: the first call loads the scope and sends; then the scope lists them", async () => {
  const client = new Browser({ baseUrl: server.url });
  const issues = client.issues as unknown as Record<string, unknown>;
  // Nothing of the scope is in the entry: no names listed before it loads.
  assert.equal(Object.keys(issues), []);
  assert.type(issues.listForRepo, "function");
  const { data } = await client.issues.listForRepo({ owner: "o", repo: "r", state: "open" });
  assert.equal(data, { url: "/repos/o/r/issues?state=open" });
  assert.ok(Object.keys(issues).includes("listForRepo"));
  assert.ok("listForRepo" in issues);
  assert.is(issues.nope, undefined, "a name the loaded scope lacks is undefined");
});

test("a typo before the scope loads rejects on its call, naming the closest method; nothing is sent", async () => {
  const client = new Browser({ baseUrl: server.url });
  const before = server.requests.length;
  const error = (await (client.repos as unknown as Record<string, (p: object) => Promise<unknown>>).gte!({
    owner: "o",
    repo: "r",
  }).catch((e: Error) => e)) as Error;
  assert.instance(error, ParameterError);
  assert.is(
    error.message,
    "repos.gte() is not a method of api.github.com: did you mean repos.get()? Nothing was sent.",
  );
  assert.is(server.requests.length, before);
});

test("a registry with `names` lists them before any chunk loads, and typos are undefined", async () => {
  const Named = Client.plugin([endpoints({ deployment, names, load })]);
  const client = new Named({ baseUrl: server.url }) as unknown as Record<string, Record<string, unknown>>;
  assert.ok(Object.keys(client.issues!).includes("listForRepo"));
  assert.ok("listForRepo" in client.issues!);
  assert.is(client.issues!.nope, undefined);
  const { data } = await (client.issues!.listForRepo as (p: object) => Promise<{ data: unknown }>)({
    owner: "o",
    repo: "r",
  });
  assert.equal(data, { url: "/repos/o/r/issues" });
});

test(".endpoint before the chunk loaded throws a clear error; after load() it works", async () => {
  const client = new Browser({ baseUrl: server.url });
  const method = client.gists.get as typeof client.gists.get & { load(): Promise<unknown> };
  assert.throws(
    () => method.endpoint,
    (error: Error) =>
      error instanceof ParameterError && /gists\.get: its routes are not loaded yet/.test(error.message),
  );
  await method.load();
  assert.is(method.endpoint.DEFAULTS.url, "/gists/{gist_id}");
});

test("validation metadata loads lazily too (names-only registry + loadParams, as docs/browsers-and-bundle-size.md adds it): a missing parameter is refused, nothing sent", async () => {
  const Validating = Client.plugin([endpoints({ deployment, names, load, loadParams })]);
  const client = new Validating({ baseUrl: server.url }) as unknown as InstanceType<typeof Browser>;
  const before = server.requests.length;
  const error = await client.issues.create({ owner: "o", repo: "r" } as never).catch((e: Error) => e);
  assert.instance(error, ParameterError);
  assert.match(error.message, 'issues.create: parameter "title" is required');
  assert.is(server.requests.length, before);
});

test("a route chunk or parameter chunk that fails to load fails that call only; the next call loads it", async () => {
  const { deployment, load, loadParams, names } = await import("../../definitions/api.github.com/index.js");
  const registry = { deployment, names, load, loadParams };
  const { endpoints } = await import("../../plugins/endpoints/index.js");
  const fails = { routes: 1, params: 1 };
  const flaky = {
    ...registry,
    load: (scope: string) =>
      fails.routes-- > 0
        ? Promise.reject(new TypeError("Failed to fetch dynamically imported module"))
        : registry.load!(scope),
    loadParams: (scope: string) =>
      fails.params-- > 0
        ? Promise.reject(new TypeError("Failed to fetch dynamically imported module"))
        : registry.loadParams!(scope),
  };
  const client = new (Client.plugin([endpoints(flaky)]))({ baseUrl: server.url });
  const failed = (promise: Promise<unknown>) =>
    promise.then(
      () => "sent",
      (error: Error) => error.message,
    );
  const before = server.requests.length;
  assert.is(
    await failed(client.issues.get({ owner: "o", repo: "r", issue_number: 1 })),
    "Failed to fetch dynamically imported module",
  );
  assert.is(
    await failed(client.issues.get({ owner: "o", repo: "r", issue_number: 1 })),
    "Failed to fetch dynamically imported module",
  );
  assert.is(server.requests.length, before, "nothing was sent while a chunk was missing");
  assert.is(await failed(client.issues.get({ owner: "o", repo: "r", issue_number: 1 })), "sent");
  assert.is(server.requests.length, before + 1);
  assert.is(fails.routes, -1, "one failed and one successful route load");
  assert.is(fails.params, -1, "one failed and one successful parameter load");
});

test.run();
