// The Node preset's registry reads api.github.com's routes and parameters from
// definitions/api.github.com/data.txt (definitions/decode/file.ts: a Buffer, outside the JS heap,
// decoded one operation at a time). The file holds, operation by operation, what all.ts and the
// params/<scope>.ts modules hold; a call reads only its own operation; and where the file cannot be
// read (a bundled program), the same registry sends and checks the same through its chunks.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, ParameterError } from "../../kernel/index.js";
import { endpoints, type Registry } from "../../plugins/endpoints/index.js";
import { registry } from "../../plugins/presets/registry.js";
import { dataFile, fromData, type OperationData } from "../../definitions/decode/file.js";
import { decodeScope, paramsLine } from "../../definitions/decode/trie.js";
import { routes } from "../../definitions/api.github.com/all.js";
import { paramLoaders } from "../../definitions/api.github.com/param-loaders.js";
import { loadParams } from "../../definitions/api.github.com/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("definitions: the Node preset's data file");
let server: TestServer;
test.before(async () => void (server = await startServer({ "*": { body: {} } })));
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

const data = dataFile("api.github.com")()!;

test("data.txt holds every scope's routes and parameters, as all.ts and params/<scope>.ts do", async () => {
  assert.ok(data, "the file is read");
  assert.equal([...data.scopes].sort(), Object.keys(routes).sort());
  let operations = 0;
  for (const scope of data.scopes) {
    assert.is(data.routes(scope), routes[scope], `${scope}: routes`);
    const { params } = await paramLoaders[scope]!();
    const names = Object.keys(decodeScope(routes[scope]!));
    assert.is(params.split("\n").length, names.length, `${scope}: one parameter line per method`);
    for (const name of names) {
      operations++;
      assert.equal(data.route(scope, name), decodeScope(routes[scope]!)[name], `${scope}.${name}`);
      assert.is(data.route(scope, name), data.route(scope, name), `${scope}.${name}: decoded once`);
      assert.ok(data.params(scope, name), `${scope}.${name}: has parameters`);
      assert.equal(data.params(scope, name), paramsLine(params, name), `${scope}.${name}: parameters`);
    }
    assert.is(data.route(scope, "noSuchMethod"), undefined);
    assert.is(data.params(scope, "noSuchMethod"), undefined);
  }
  assert.is(operations, 1223);
  assert.is(data.routes("nope"), undefined);
  assert.is(data.route("nope", "get"), undefined);
  assert.is(data.params("nope", "get"), undefined);
  assert.is(dataFile("no-such-deployment")(), undefined, "a file that cannot be read is no data");
});

/** The preset's registry with its data read through a spy that records each operation decoded (or none). */
function spied(reads: string[], readable = true): Registry {
  const spy = (): OperationData | undefined =>
    readable
      ? {
          ...data,
          route: (scope, name) => (reads.push(`route ${scope}.${name}`), data.route(scope, name)),
          params: (scope, name) => (reads.push(`params ${scope}.${name}`), data.params(scope, name)),
          routes: (scope) => (reads.push(`routes ${scope}`), data.routes(scope)),
        }
      : undefined;
  return { ...registry, ...fromData(spy, Object.keys(routes), loadParams) };
}

test("the preset's registry decodes a call's own operation from the file, sends its route, checks its parameters", async () => {
  assert.type(registry.routes!.repos, "object", "the file is read");
  const reads: string[] = [];
  const Rest = Client.plugin([endpoints(spied(reads))]);
  const client = new Rest({ baseUrl: server.url }) as unknown as Record<string, Record<string, any>>;
  await client.repos!.get!({ owner: "o", repo: "r" });
  assert.is(server.requests[0]!.url, "/repos/o/r");
  const error = await client.issues!.create!({ owner: "o", repo: "r" }).catch((e: unknown) => e);
  assert.instance(error, ParameterError);
  assert.match((error as Error).message, 'issues.create: parameter "title" is required');
  assert.is(server.requests.length, 1, "nothing sent for the refused call");
  // Those operations alone: no other route or parameter list is decoded, nor a whole scope.
  assert.equal(
    reads.filter((read) => !read.endsWith(".paths")),
    ["route repos.get", "params repos.get", "route issues.create", "params issues.create"],
  );
});

test("without the file (a bundled program), the same registry sends and checks through its chunks", async () => {
  const reads: string[] = [];
  const bare = spied(reads, false);
  assert.is(bare.routes!.repos, undefined, "no table without the file");
  const Rest = Client.plugin([endpoints(bare)]);
  const client = new Rest({ baseUrl: server.url }) as unknown as Record<string, Record<string, any>>;
  await client.repos!.get!({ owner: "o", repo: "r" });
  await client.issues!.createComment!({ owner: "o", repo: "r", issue_number: 1, body: "b" });
  assert.equal(
    server.requests.map((request) => `${request.method} ${request.url}`),
    ["GET /repos/o/r", "POST /repos/o/r/issues/1/comments"],
  );
  const error = await client.issues!.create!({ owner: "o", repo: "r" }).catch((e: unknown) => e);
  assert.instance(error, ParameterError);
  assert.is(server.requests.length, 2);
  assert.equal(reads, []);
});

test.run();
