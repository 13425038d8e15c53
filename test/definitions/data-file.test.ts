// The Node preset's registry reads api.github.com's routes and parameters from
// definitions/api.github.com/data.txt (definitions/decode/file.ts: a Buffer, outside the JS heap,
// decoded one operation at a time). The file holds, operation by operation, what all.ts and the
// params/<scope>.ts modules hold; a call reads only its own scope; and where the file cannot be
// read (a bundled program), the same registry sends and checks the same through its chunks.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, ParameterError } from "../../kernel/index.js";
import { endpoints, type Registry } from "../../plugins/endpoints/index.js";
import { registry } from "../../plugins/presets/registry.js";
import { dataFile } from "../../definitions/decode/file.js";
import type { OperationData } from "../../definitions/decode/registry.js";
import { decodeScope, paramsLine, trieEntry } from "../../definitions/decode/trie.js";
import { routes } from "../../definitions/api.github.com/all.js";
import { paramLoaders } from "../../definitions/api.github.com/param-loaders.js";
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
    assert.is(data.params(scope), params, `${scope}: parameters`);
    for (const name of Object.keys(decodeScope(routes[scope]!))) {
      operations++;
      assert.equal(trieEntry(data.routes(scope)!, name), decodeScope(routes[scope]!)[name], `${scope}.${name}`);
      assert.ok(paramsLine(data.params(scope)!, name), `${scope}.${name}: parameters`);
    }
  }
  assert.is(operations, 1223);
  assert.is(data.routes("nope"), undefined);
  assert.is(data.params("nope"), undefined);
  assert.is(dataFile("no-such-deployment")(), undefined, "a file that cannot be read is no data");
});

/** The preset's registry with its data file read through `spy`, which records each scope read. */
function spied(reads: string[], operations: Registry["operations"]): Registry {
  return {
    ...registry,
    operations: () => {
      const inner = operations?.();
      if (!inner) return undefined;
      const spy: OperationData = {
        scopes: inner.scopes,
        routes: (scope) => (reads.push(`routes ${scope}`), inner.routes(scope)),
        params: (scope) => (reads.push(`params ${scope}`), inner.params(scope)),
      };
      return spy;
    },
  };
}

test("the preset's registry reads a call's own scope from the file, sends its route, checks its parameters", async () => {
  assert.type(registry.operations, "function");
  const reads: string[] = [];
  const Rest = Client.plugin([endpoints(spied(reads, registry.operations))]);
  const client = new Rest({ baseUrl: server.url }) as unknown as Record<string, Record<string, any>>;
  await client.repos!.get!({ owner: "o", repo: "r" });
  assert.is(server.requests[0]!.url, "/repos/o/r");
  assert.equal([...new Set(reads)].sort(), ["params repos", "routes repos"]);
  const error = await client.issues!.create!({ owner: "o", repo: "r" }).catch((e: unknown) => e);
  assert.instance(error, ParameterError);
  assert.match((error as Error).message, 'issues.create: parameter "title" is required');
  assert.is(server.requests.length, 1, "nothing sent for the refused call");
  assert.not.ok(
    reads.some((read) => !/ (repos|issues)$/.test(read)),
    reads.join(", "),
  );
});

test("without the file (a bundled program), the same registry sends and checks through its chunks", async () => {
  const reads: string[] = [];
  const Rest = Client.plugin([endpoints(spied(reads, () => undefined))]);
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
