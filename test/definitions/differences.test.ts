// GHEC's and GHES's registries are stored as what differs from api.github.com's
// (definitions/generate/differences.mjs): the routes and parameters put back together from
// them (definitions/decode/from-base.ts) are, operation by operation, what the generator
// computes from that deployment's own OpenAPI description.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync } from "node:fs";
import { Client, ParameterError, type ParamMeta, type ScopeParams, type ScopeRoutes } from "../../kernel/index.js";
import { endpoints, type Registry } from "../../plugins/endpoints/index.js";
import { paramsFromBase, pathsFromBase } from "../../definitions/decode/from-base.js";
import { loadEntry, loadedRoutes } from "../../plugins/endpoints/registry.js";
import { decodeScope, unpackNames } from "../../definitions/decode/trie.js";
import * as api from "../../definitions/api.github.com/index.js";
import { otherDeployments } from "../../definitions/deployments.js";
// @ts-expect-error: the generator is plain JavaScript without declarations.
import { describeDeployments } from "../../definitions/generate/index.mjs";
// @ts-expect-error: the generator is plain JavaScript without declarations.
import { paramMeta } from "../../definitions/generate/params.mjs";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("definitions: GHEC and GHES as differences from api.github.com");

interface Operation {
  name: string;
  route: string;
  defaults?: object;
  extra?: object;
  fields: unknown[];
}
interface Model {
  deployment: string;
  spec: unknown;
  scopes: Map<string, Operation[]>;
}
type Index = Required<Pick<Registry, "names" | "load" | "loadParams">> & { deployment: string };
type All = { routes: Record<string, string>; names: Record<string, string> };
type Differences = { differences: Record<string, string> };
type ParamDifferences = { differences: Record<string, readonly (number | readonly ParamMeta[])[]> };

// What `node build.mjs generate` computes, later REST API versions' removed parameters marked.
const { models } = (await describeDeployments()) as { models: Model[] };
const modelOf = (deployment: string) => models.find((model) => model.deployment === deployment)!;
const plain = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** A `paths` string decoded as `endpoints` decodes a loaded chunk: against the scope's names. */
async function decodePaths(names: string, paths: string): Promise<ScopeRoutes> {
  const registry: Registry = { names: { scope: names }, load: async () => ({ paths }) };
  await loadEntry(registry, "scope", unpackNames(names)[0]!);
  return loadedRoutes(registry, "scope")!;
}

/** Operations whose route, defaults or extra differ from the generator's (and names out of order). */
function routeMismatches(operations: Operation[], routes: ScopeRoutes): string[] {
  const wrong = operations.flatMap(({ name, route, defaults, extra }) => {
    const entry = routes[name];
    if (!entry) return [`${name}: missing`];
    const [got, gotDefaults, gotExtra] = entry;
    const same =
      got === route &&
      JSON.stringify(gotDefaults || undefined) === JSON.stringify(plain(defaults)) &&
      JSON.stringify(gotExtra) === JSON.stringify(plain(extra));
    return same ? [] : [`${name}: ${JSON.stringify(entry)}`];
  });
  const order = Object.keys(routes).join() === operations.map(({ name }) => name).join();
  return order ? wrong : [...wrong, "names out of order"];
}

/** Methods whose parameter metadata differs from the generator's. */
function paramMismatches(model: Model, operations: Operation[], params: ScopeParams): string[] {
  const wrong = operations.flatMap(({ name, fields }) =>
    JSON.stringify(params[name]) === JSON.stringify(fields.map((field) => paramMeta(model.spec, field)))
      ? []
      : [`${name}: ${JSON.stringify(params[name])}`],
  );
  return Object.keys(params).length === operations.length ? wrong : [...wrong, "other methods"];
}

test("each non-default deployment is five modules: index, paths and params differences, aliases, all", () => {
  assert.ok(otherDeployments.length >= 4);
  for (const deployment of otherDeployments)
    assert.equal(
      readdirSync(`definitions/${deployment}`).sort(),
      ["aliases.ts", "all.ts", "index.ts", "params.ts", "paths.ts"],
      deployment,
    );
});

test("routes rebuilt from differences (`load`, all.ts) are the generator's, operation by operation", async () => {
  for (const deployment of otherDeployments) {
    const model = modelOf(deployment);
    const index = (await import(`../../definitions/${deployment}/index.js`)) as Index;
    const all = (await import(`../../definitions/${deployment}/all.js`)) as All;
    assert.equal(Object.keys(index.names), [...model.scopes.keys()], deployment);
    assert.equal(Object.keys(all.routes), [...model.scopes.keys()], deployment);
    let count = 0;
    for (const [scope, operations] of model.scopes) {
      const chunk = (await index.load(scope)) as { paths: string };
      const lazy = routeMismatches(operations, await decodePaths(index.names[scope]!, chunk.paths));
      const flat = routeMismatches(operations, decodeScope(all.routes[scope]!));
      assert.equal([...lazy, ...flat], [], `${deployment} ${scope}`);
      count += operations.length;
    }
    assert.ok(count > 900, `${deployment}: ${count} operations`);
  }
});

test("parameters rebuilt from differences (`loadParams`) are the generator's, method by method", async () => {
  for (const deployment of otherDeployments) {
    const model = modelOf(deployment);
    const index = (await import(`../../definitions/${deployment}/index.js`)) as Index;
    for (const [scope, operations] of model.scopes) {
      const { params } = await index.loadParams(scope);
      assert.equal(paramMismatches(model, operations, params), [], `${deployment} ${scope}`);
    }
  }
});

test("most operations are references to api.github.com's lines; scopes api.github.com lacks are literal", async () => {
  for (const deployment of otherDeployments) {
    const { differences } = (await import(`../../definitions/${deployment}/paths.js`)) as Differences;
    let referenced = 0;
    let literal = 0;
    for (const [scope, text] of Object.entries(differences))
      for (const line of text.split("\n")) {
        const run = /^(\d+)(?:\+(\d+))?$/.exec(line);
        if (run) referenced += Number(run[2] ?? 1);
        else literal++;
        if (run) assert.ok(scope in api.names, `${deployment} ${scope}: api.github.com has no such scope`);
      }
    assert.ok(referenced > 2 * literal, `${deployment}: ${referenced} referenced, ${literal} literal`);
  }
});

test("one wrong line in the differences is found (the checks above can fail)", async () => {
  const model = modelOf("ghes-3.17");
  const index = (await import("../../definitions/ghes-3.17/index.js")) as Index;
  const { differences } = (await import("../../definitions/ghes-3.17/paths.js")) as Differences;
  const { differences: paramDifferences } = (await import("../../definitions/ghes-3.17/params.js")) as ParamDifferences;
  const check = async (scope: string, difference: string) => {
    const base = ((await api.load(scope)) as { routes: string }).routes;
    return routeMismatches(
      model.scopes.get(scope)!,
      await decodePaths(index.names[scope]!, pathsFromBase(difference, base)),
    );
  };
  // A run of api.github.com's lines shifted by one, and a literal line changed.
  const [scope, difference] = Object.entries(differences).find(([, text]) => /^\d+\+\d+$/m.test(text))!;
  assert.equal(await check(scope, difference), []);
  const shifted = difference.replace(/^(\d+)\+(\d+)$/m, (_, first: string, count: string) =>
    first === "0" ? `1+${count}` : `${Number(first) - 1}+${count}`,
  );
  assert.ok((await check(scope, shifted)).length > 0, `${scope}: ${shifted.split("\n")[0]}`);
  const [own, text] = Object.entries(differences).find(([name, lines]) => name in api.names && /^[A-Z]/m.test(lines))!;
  const changed = text.replace(/^([A-Z]\S*)/m, "$1/x");
  assert.equal((await check(own, changed)).length, 1, `${own}: ${changed}`);
  // A method's parameters taken from api.github.com where GHES has its own, and the reverse.
  const [paramScope, items] = Object.entries(paramDifferences).find(([name, list]) =>
    list.some((item, i) => typeof item !== "number" && item.length && name in api.names && i > 0),
  )!;
  const { params: base } = await api.loadParams(paramScope);
  const names = index.names[paramScope]!;
  const operations = model.scopes.get(paramScope)!;
  assert.equal(paramMismatches(model, operations, paramsFromBase(names, items, base)), []);
  const at = items.findIndex((item) => typeof item !== "number" && item.length);
  const wrong = [...items.slice(0, at), (items[at] as readonly ParamMeta[]).slice(1), ...items.slice(at + 1)];
  assert.equal(paramMismatches(model, operations, paramsFromBase(names, wrong, base)).length, 1, paramScope);
});

let server: TestServer;
test.before(async () => {
  server = await startServer({ "*": { body: {} } });
});
test.after(() => server.close());

test("a lazily loaded GHES registry sends an operation only GHES has and one both share to their URLs", async () => {
  const ghes = (await import("../../definitions/ghes-3.19/index.js")) as Index;
  const Ghes = Client.plugin([endpoints(ghes)]);
  const client = new Ghes({ baseUrl: `${server.url}/api/v3` }) as unknown as Record<
    string,
    Record<string, (params: object) => Promise<unknown>>
  >;
  assert.not.ok(unpackNames(api.names.repos!).includes("enableLfsForRepo"), "api.github.com lacks it");
  server.requests.length = 0;
  await client.repos!.enableLfsForRepo!({ owner: "o", repo: "r" });
  await client.repos!.get!({ owner: "o", repo: "r" });
  await client.teams!.create!({ org: "acme", name: "ops" });
  await client.enterpriseAdmin!.getAllStats!({});
  assert.equal(
    server.requests.map(({ method, url }) => `${method} ${url}`),
    [
      "PUT /api/v3/repos/o/r/lfs",
      "GET /api/v3/repos/o/r",
      "POST /api/v3/orgs/acme/teams",
      "GET /api/v3/enterprise/stats/all",
    ],
  );
  // The rebuilt parameter metadata checks arguments before anything is sent (GHES's own line, and a shared one).
  for (const call of [() => client.repos!.enableLfsForRepo!({ owner: "o" }), () => client.repos!.get!({ repo: "r" })])
    assert.instance(await call().catch((error: unknown) => error), ParameterError);
  assert.is(server.requests.length, 4);
});

test.run();
