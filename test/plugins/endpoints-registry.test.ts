// Every deployment's complete registry, as `import { registry } from
// "forgekit/deployments/<name>"` gives it, composes as `endpoints(registry)`; and the packed
// route form round-trips between the generator (definitions/generate/pack.mjs) and the
// decoder `endpoints` uses (plugins/endpoints/registry.ts).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, ParameterError } from "../../kernel/index.js";
import { endpoints, type Registry } from "../../plugins/endpoints/index.js";
import { aliasTable, aliasTarget, loadEntry } from "../../plugins/endpoints/registry.js";
import { decodeScope, unpackNames } from "../../definitions/decode/trie.js";
import { deployments } from "../../definitions/deployments.js";
// @ts-expect-error: the generator is plain JavaScript without declarations.
import { packAliases, packNames, packScope } from "../../definitions/generate/pack.mjs";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: endpoints — deployment registries and the packed form");
let server: TestServer;
test.before(async () => {
  server = await startServer({ "GET /repos/o/r": { body: { full_name: "o/r" } } });
});
test.after(() => server.close());

type Module = {
  registry: Registry;
  routes: Record<string, string>;
  names: Record<string, string>;
  aliases: NonNullable<Registry["aliases"]>;
};
/** A deployment's all.ts, and `legacy`: its registry with the v15/v16 aliases, as the Node preset has it. */
const load = async (deployment: string) => {
  const module = (await import(`../../definitions/${deployment}/all.js`)) as Module;
  return { ...module, legacy: { ...module.registry, aliases: module.aliases } as Registry };
};

test("each deployment's `registry` is complete and usable as endpoints(registry)", async () => {
  for (const deployment of deployments) {
    const { registry, routes } = await load(deployment);
    assert.is(registry.deployment, deployment);
    assert.is(registry.routes, routes, `${deployment}: every scope`);
    // The v15/v16 names are the Node preset's (plugins/presets/registry.ts), not @octokit/rest v22's.
    assert.not.ok(registry.aliases, `${deployment}: no v15/v16 aliases`);
    assert.not.ok(registry.loadParams, `${deployment}: parameter metadata is opt-in`);
    const Rest = Client.plugin([endpoints(registry)]);
    const client = new Rest({ baseUrl: server.url }) as unknown as Record<string, Record<string, any>>;
    assert.equal(Object.keys(client.repos!).sort(), Object.keys(decodeScope(routes.repos!)).sort(), deployment);
    assert.ok("get" in client.repos! && !("gett" in client.repos!), deployment);
    const { data } = await client.repos!.get!({ owner: "o", repo: "r" });
    assert.equal(data, { full_name: "o/r" }, deployment);
  }
});

test("a deprecated alias of the registry with its aliases resolves to today's method; without them, no alias", async () => {
  const { legacy: registry, registry: bare } = await load("api.github.com");
  const [scope, table] = Object.keys(registry.aliases!)
    .map((name) => [name, aliasTable(registry, name)] as const)
    .find(([, names]) => Object.keys(names).length)!;
  const [old, target] = Object.entries(table)[0]!;
  const client = new (Client.plugin([endpoints(registry)]))() as unknown as Record<string, Record<string, any>>;
  const [toScope, toName] = target.split(".") as [string, string];
  assert.type(client[scope]![old], "function", `${scope}.${old}`);
  assert.equal(client[scope]![old].endpoint.DEFAULTS.url, client[toScope]![toName].endpoint.DEFAULTS.url);
  const rest = new (Client.plugin([endpoints(bare)]))() as unknown as Record<string, Record<string, any>>;
  assert.not.ok(old in (rest[scope] ?? {}), `${scope}.${old} is not @octokit/rest v22's`);
});

test("pack(decode(scope)) is the generated scope; the names table is its names", async () => {
  for (const deployment of deployments) {
    const { routes, names } = await load(deployment);
    for (const [scope, packed] of Object.entries(routes)) {
      const table = decodeScope(packed);
      const operations = Object.entries(table).map(([name, [route, defaults, extra]]) => ({
        name,
        route,
        defaults: defaults || undefined,
        extra,
      }));
      // Generated scopes are the encoder's output; the others' all.ts rebuild theirs from
      // api.github.com's lines (definitions/decode/from-base.ts), one path line per operation.
      if (deployment === "api.github.com") assert.is(packScope(operations), packed, `${deployment} ${scope}`);
      else assert.equal(decodeScope(packScope(operations)), table, `${deployment} ${scope}`);
      assert.is(packNames(Object.keys(table)), names[scope], `${deployment} ${scope}: names`);
      assert.equal(unpackNames(names[scope]!), Object.keys(table));
    }
  }
});

test("a lazily loaded scope (`load`: api.github.com's packed scope, the others' paths decoded against `names`) has the routes of the packed scope", async () => {
  for (const deployment of deployments) {
    const { routes } = await load(deployment);
    const index = (await import(`../../definitions/${deployment}/index.js`)) as Required<Registry>;
    const lazyRegistry: Registry = { deployment, names: index.names, load: index.load };
    for (const [scope, packed] of Object.entries(routes)) {
      const chunk = await index.load(scope);
      if (deployment === "api.github.com")
        // The scope's chunk is its packed scope, names included: the same string as all.ts's.
        assert.ok("routes" in chunk && chunk.routes === packed, `${deployment} ${scope}: the packed scope`);
      else
        // No name column: every line starts with its verb letter and the path.
        assert.ok(
          "paths" in chunk && chunk.paths.split("\n").every((line) => /^[GPUADH][~^/{]/.test(line)),
          `${deployment} ${scope}: a paths chunk`,
        );
      assert.equal(
        await Promise.all(Object.keys(decodeScope(packed)).map((name) => loadEntry(lazyRegistry, scope, name))),
        Object.values(decodeScope(packed)),
        `${deployment} ${scope}`,
      );
    }
  }
});

test("a paths chunk that does not pair with the registry's names is refused: a ParameterError, nothing sent", async () => {
  const api = (await import("../../definitions/api.github.com/index.js")) as Required<Registry>;
  const ghes = (await import("../../definitions/ghes-3.17/index.js")) as Required<Registry>;
  assert.is.not(unpackNames(api.names.actions!).length, unpackNames(ghes.names.actions!).length);
  // GHES's chunks are route lines paired with its names by position (api.github.com's carry their names).
  const mixed = new (Client.plugin([endpoints({ deployment: "mixed", names: api.names, load: ghes.load })]))({
    baseUrl: server.url,
  }) as unknown as Record<string, Record<string, (params: object) => Promise<unknown>>>;
  const before = server.requests.length;
  const error = (await mixed.actions!.getRepoSecret!({ owner: "o", repo: "r", secret_name: "s" }).catch(
    (e: Error) => e,
  )) as Error;
  assert.instance(error, ParameterError);
  assert.match(error.message, /actions: \d+ routes loaded for \d+ names: take names and load from one deployment/);
  assert.is(server.requests.length, before);
});

test("packed aliases: pack(decode(aliases)) is the generated module; every target is an operation", async () => {
  for (const deployment of deployments) {
    const { legacy: registry } = await load(deployment);
    const { packedAliases: packed } = (await import(`../../definitions/${deployment}/aliases.js`)) as {
      packedAliases: Record<string, string>;
    };
    const tables = Object.fromEntries(Object.keys(packed).map((scope) => [scope, aliasTable(registry, scope)]));
    const namesOf = (scope: string) => Object.keys(decodeScope(registry.routes![scope] as string));
    assert.equal(packAliases(tables, namesOf), packed, deployment);
    for (const [scope, table] of Object.entries(tables)) {
      assert.ok(Object.keys(table).length > 0, `${deployment} ${scope}: aliases decoded`);
      for (const target of Object.values(table)) {
        const [toScope, toName] = target.split(".") as [string, string];
        assert.ok(namesOf(toScope).includes(toName), `${deployment} ${scope}: ${target} is an operation`);
      }
    }
  }
  const { legacy: registry } = await load("api.github.com");
  assert.is(aliasTarget(registry, "actions", "getSecret"), "actions.getRepoSecret");
  assert.is(aliasTarget(registry, "repos", "getForOrg"), "repos.listForOrg");
  assert.is(aliasTarget(registry, "actions", "getRepoSecret"), undefined, "a current name is no alias");
});

test("packed aliases decoded against another deployment's names are refused, not misrouted", async () => {
  const { legacy: api } = await load("api.github.com");
  const { legacy: ghes } = await load("ghes-3.17");
  const mixed: Registry = { ...ghes, aliases: api.aliases };
  const sizes = (registry: Registry) => Object.keys(decodeScope(registry.routes!.actions as string)).length;
  assert.is.not(sizes(api), sizes(ghes), "the two deployments' actions differ");
  assert.is(aliasTarget(api, "actions", "getSecret"), "actions.getRepoSecret");
  assert.is(aliasTarget(mixed, "actions", "getSecret"), undefined);
});

test("removed endpoints: the packed lines make the messages the generator wrote before they were packed", async () => {
  const { removed } = await import("../../definitions/api.github.com/aliases.js");
  // Decoded per scope on first read, not at start-up.
  assert.type(Object.getOwnPropertyDescriptor(removed, "apps")!.get, "function");
  assert.ok(Object.keys(removed).includes("apps") && Object.hasOwn(removed, "apps"));
  assert.is(
    removed.apps!.checkAuthorization,
    removed.apps!.checkAuthorization,
    "apps.checkAuthorization() (@octokit/rest v15/v16, GET /applications/{client_id}/tokens/{access_token}) was removed: GitHub removed the OAuth application endpoints that take the token in the URL. Use apps.checkToken(), apps.resetToken(), apps.deleteToken() or apps.deleteAuthorization() (token in the body). Nothing was sent.",
  );
  assert.is(
    Object.values(removed).reduce((count, table) => count + Object.keys(table).length, 0),
    176,
  );
  assert.is(removed.apps, removed.apps, "one table per scope, kept once decoded");
  assert.is(Object.getOwnPropertyDescriptor(removed, "apps")!.get, undefined);
});

test("decodeScope restores routes, defaults and extras", () => {
  const table = decodeScope(
    packScope([
      { name: "get", route: "GET /repos/{owner}/{repo}" },
      { name: "getOrg", route: "GET /orgs/{org}" },
      {
        name: "upload",
        route: "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
        defaults: { origin: "https://uploads.github.com" },
        extra: { body: "data" },
      },
      { name: "zap", route: "DELETE /x/{+path}", extra: { deprecated: "deprecated" } },
    ]),
  );
  assert.equal(table, {
    get: ["GET /repos/{owner}/{repo}"],
    getOrg: ["GET /orgs/{org}"],
    upload: [
      "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
      { origin: "https://uploads.github.com" },
      { body: "data" },
    ],
    zap: ["DELETE /x/{+path}", 0, { deprecated: "deprecated" }],
  });
});

test.run();
