import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, ParameterError } from "../../kernel/index.js";
import { registerEndpoints } from "../../plugins/register-endpoints/index.js";
import { Client as Full } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: registerEndpoints");
let server: TestServer;
// The registered example of docs/custom-endpoints.md (@octokit/rest v16's registerEndpoints).
const foo = {
  method: "PATCH",
  url: "/repos/:owner/:repo/foo",
  headers: { accept: "application/vnd.github.foo-bar-preview+json" },
  params: {
    owner: { required: true, type: "string" },
    repo: { required: true, type: "string" },
    baz: { required: true, type: "string", enum: ["qux", "quux", "quuz"] },
  },
};
const WithRegister = Client.plugin(registerEndpoints);

test.before(async () => {
  server = await startServer({
    "*": (req) => ({ body: { method: req.method, url: req.url, body: req.body, accept: req.headers.accept } }),
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

test("the docs example: repos.foo is added to the existing repos scope and sends PATCH with the preview", async () => {
  const client = new (Full.plugin(registerEndpoints))({ baseUrl: server.url });
  client.registerEndpoints({ repos: { foo } });
  const repos = client.repos as unknown as Record<string, (p: object) => Promise<{ data: Record<string, string> }>>;
  const { data } = await repos.foo!({ owner: "o", repo: "r", baz: "quux" });
  assert.equal(data, {
    method: "PATCH",
    url: "/repos/o/r/foo",
    body: '{"baz":"quux"}',
    accept: "application/vnd.github.foo-bar-preview+json",
  });
  assert.ok(Object.keys(client.repos).includes("foo"));
  assert.type(client.repos.get, "function", "built-in methods still there");
});

test("the docs example with baz outside its enum: an error naming the parameter and the allowed values; nothing sent", async () => {
  const client = new WithRegister({ baseUrl: server.url });
  client.registerEndpoints({ repos: { foo } });
  const params = { owner: "o", repo: "r", baz: "invalid" };
  const error = await (client as any).repos.foo(params).catch((e: Error) => e);
  assert.instance(error, ParameterError);
  assert.is(error.message, 'repos.foo: parameter "baz" must be one of "qux", "quux", "quuz"; got "invalid".');
  assert.is(server.requests.length, 0);
  assert.equal(params, { owner: "o", repo: "r", baz: "invalid" }, "params not mutated");
});

test("missing required and wrong type are refused before sending", async () => {
  const client = new WithRegister({ baseUrl: server.url });
  client.registerEndpoints({ repos: { foo } });
  assert.match(
    String(await (client as any).repos.foo({ owner: "o", baz: "qux" }).catch((e: Error) => e)),
    'repos.foo: parameter "repo" is required',
  );
  assert.match(
    // A number would pass: a path value travels as text, as GitHub reads it.
    String(await (client as any).repos.foo({ owner: "o", repo: true, baz: "qux" }).catch((e: Error) => e)),
    'parameter "repo" must be a string; got true',
  );
  assert.is(server.requests.length, 0);
});

test("new scopes, .endpoint members, alias/deprecated/mapTo parameters", async () => {
  const warn = sinon.spy();
  const client = new WithRegister({ baseUrl: server.url, log: { warn } });
  client.registerEndpoints({
    beta: {
      threads: {
        method: "GET",
        url: "/notifications/threads/{thread_id}",
        params: { thread_id: { required: true, type: "integer" }, id: { alias: "thread_id", deprecated: true } },
      },
      render: {
        method: "POST",
        url: "/markdown/raw",
        headers: { "content-type": "text/plain; charset=utf-8" },
        params: { text: { required: true, type: "string", mapTo: "data" } },
      },
    },
  });
  const beta = (client as any).beta;
  assert.equal(Object.keys(beta).sort(), ["render", "threads"]);
  assert.is(beta.threads.endpoint.DEFAULTS.url, "/notifications/threads/{thread_id}");
  assert.is(beta.threads.endpoint({ thread_id: 7 }).url, `${server.url}/notifications/threads/7`);
  const first = await beta.threads({ id: 9 });
  await beta.threads({ id: 9 });
  assert.is(first.data.url, "/notifications/threads/9");
  assert.is(warn.callCount, 1);
  assert.match(warn.firstCall.args[0], 'beta.threads(): parameter "id" is deprecated, use "thread_id"');
  const rendered = await beta.render({ text: "# hi" });
  assert.is(rendered.data.body, "# hi");
});

test("registered methods can be stubbed and restored like built-in ones", async () => {
  const client = new WithRegister({ baseUrl: server.url });
  client.registerEndpoints({ repos: { foo } });
  const scope = (client as any).repos;
  const stub = sinon.stub(scope, "foo").resolves("stubbed");
  assert.is(await scope.foo({}), "stubbed");
  stub.restore();
  await scope.foo({ owner: "o", repo: "r", baz: "qux" });
  assert.is(server.requests.length, 1);
});

test.run();
