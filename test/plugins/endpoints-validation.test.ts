import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, ParameterError } from "../../kernel/index.js";
import { checkParams } from "../../plugins/endpoints/check-params.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { Client as Full } from "../../plugins/presets/full.js";
import { registry } from "../../plugins/presets/registry.js";
import { startServer, type TestServer } from "../helpers/server.js";

// Validation belongs to the endpoint method: with the registry's parameter metadata
// (`loadParams`), it checks its parameters before calling `request` — no hook.
const test = suite("plugins: endpoints validate their parameters");
let server: TestServer;
let client: InstanceType<typeof Full>;

test.before(async () => {
  server = await startServer({ "*": { body: {} } });
  client = new Full({ baseUrl: server.url, log: { warn() {} } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

const cases: Array<[string, () => Promise<unknown>, string]> = [
  [
    "missing required",
    () => client.issues.create({ owner: "o", repo: "r" } as never),
    'issues.create: parameter "title" is required (string|integer); pass it.',
  ],
  [
    "wrong type",
    () => client.issues.get({ owner: "o", repo: "r", issue_number: "one" as never }),
    'issues.get: parameter "issue_number" must be an integer; got "one".',
  ],
  [
    "outside the allowed values",
    () => client.repos.listForOrg({ org: "o", type: "publik" as never }),
    'repos.listForOrg: parameter "type" must be one of "all", "public", "private", "forks", "sources", "member"; got "publik".',
  ],
  [
    "null where not nullable",
    () => client.repos.update({ owner: "o", repo: "r", name: null as never }),
    'repos.update: parameter "name" cannot be null; pass a string or leave it out.',
  ],
  [
    "body type",
    () => client.issues.create({ owner: "o", repo: "r", title: "t", labels: "bug" as never }),
    'issues.create: parameter "labels" must be an array; got "bug".',
  ],
];
for (const [kind, call, message] of cases) {
  test(`${kind}: ParameterError naming the parameter, the operation and what was expected; nothing sent`, async () => {
    const error = await call().catch((e: Error) => e);
    assert.instance(error, ParameterError);
    assert.is((error as Error).message, message);
    assert.is(server.requests.length, 0);
  });
}

test("valid calls pass: numeric strings in the path, nullable null, unknown extra params", async () => {
  await client.issues.get({ owner: "o", repo: "r", issue_number: "42" as never });
  await client.issues.update({ owner: "o", repo: "r", issue_number: 1, milestone: null });
  await client.repos.listForOrg({ org: "o", type: "public", brand_new_param: true } as never);
  assert.is(server.requests.length, 3);
  assert.is(server.requests[2]!.url, "/orgs/o/repos?type=public&brand_new_param=true");
});

test("the body parameter (requestBodyParameterName) is validated under its own name", async () => {
  const error = await client.repos
    .addStatusCheckContexts({ owner: "o", repo: "r", branch: "main", contexts: "ci" as never })
    .catch((e: Error) => e);
  assert.match(String(error), 'parameter "contexts" must be an array');
  assert.is(server.requests.length, 0);
});

test("a registry without parameter metadata sends what it is given; with it, the method refuses", async () => {
  const { loadParams: _, ...names } = registry;
  const Bare = Client.plugin([endpoints(names)]);
  await new Bare({ baseUrl: server.url }).repos.listForOrg({ org: "o", type: "publik" as never });
  assert.is(server.requests.length, 1);
  const With = Client.plugin([endpoints(registry)]);
  await new With({ baseUrl: server.url }).repos.listForOrg({ org: "o", type: "publik" as never }).catch(() => {});
  assert.is(server.requests.length, 1);
});

test("the check runs in the method, before request: no hook sees an invalid call", async () => {
  const With = new (Client.plugin([endpoints(registry)]))({ baseUrl: server.url });
  let hooked = 0;
  With.hook.wrap("request", (send, options) => (hooked++, send(options)));
  const error = await With.repos.listForOrg({ org: "o", type: "publik" as never }).catch((e: Error) => e);
  assert.instance(error, ParameterError);
  assert.is(hooked, 0);
  await With.repos.listForOrg({ org: "o", type: "public" });
  assert.is(hooked, 1);
  assert.is(server.requests.length, 1);
});

test("checkParams is usable on its own", () => {
  assert.throws(() => checkParams("x.y", [["n", "q!", "integer"]], {}), /x\.y: parameter "n" is required/);
  checkParams("x.y", [["n", "q!", "integer"]], { n: 3 });
});

test.run();
