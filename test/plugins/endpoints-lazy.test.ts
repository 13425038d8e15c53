import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, ParameterError } from "../../kernel/index.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { validate } from "../../plugins/validate/index.js";
import { deployment, load, loadParams, names } from "../../definitions/api.github.com/index.js";
import { Client as Browser } from "../../plugins/presets/browser.js";
import { startServer, type TestServer } from "../helpers/server.js";

// The browser preset's registry holds names only; each scope's routes load on first use.
const test = suite("plugins: endpoints — lazy scopes (browser registry)");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": (req) => ({ body: { url: req.url } }) });
});
test.after(() => server.close());

test("names are known before any chunk loads; the first call loads the scope and sends", async () => {
  const client = new Browser({ baseUrl: server.url });
  assert.ok(Object.keys(client.issues).includes("listForRepo"));
  assert.ok("listForRepo" in client.issues);
  assert.is((client.issues as Record<string, unknown>).nope, undefined);
  const { data } = await client.issues.listForRepo({ owner: "o", repo: "r", state: "open" });
  assert.equal(data, { url: "/repos/o/r/issues?state=open" });
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

test("validation metadata loads lazily too (names-only registry + loadParams + validate, as docs/browsers-and-bundle-size.md adds it): a missing parameter is refused, nothing sent", async () => {
  const Validating = Client.plugin([endpoints({ deployment, names, load, loadParams }), validate]);
  const client = new Validating({ baseUrl: server.url }) as unknown as InstanceType<typeof Browser>;
  const before = server.requests.length;
  const error = await client.issues.create({ owner: "o", repo: "r" } as never).catch((e: Error) => e);
  assert.instance(error, ParameterError);
  assert.match(error.message, 'issues.create: parameter "title" is required');
  assert.is(server.requests.length, before);
});

test.run();
