// The packed route data (definitions/generate/pack.mjs encodes it as a path trie,
// definitions/decode/trie.ts decodes it, a scope or one operation) keeps every fact of every operation: decoded,
// api.github.com's 1,223 operations are, name for name, the generator's routes, defaults and
// extras, and their method, path, query and path parameters, own server, body parameter and
// deprecation agree with the OpenAPI description itself.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import type { RouteEntry, ScopeRoutes } from "../../kernel/index.js";
import { decodeScope, trieEntry } from "../../definitions/decode/trie.js";
import { routes } from "../../definitions/api.github.com/all.js";
import { routes as reposRoutes } from "../../definitions/api.github.com/scopes/repos.js";
// @ts-expect-error: the generator is plain JavaScript without declarations.
import { describeDeployments } from "../../definitions/generate/index.mjs";

const test = suite("definitions: the packed routes keep every fact");

interface Operation {
  name: string;
  route: string;
  defaults?: object;
  extra?: object;
}
const { models } = (await describeDeployments()) as {
  models: { deployment: string; scopes: Map<string, Operation[]> }[];
};
const model = models.find((one) => one.deployment === "api.github.com")!;
const spec = JSON.parse(readFileSync("node_modules/@octokit/openapi/generated/api.github.com.json", "utf8")) as {
  paths: Record<string, Record<string, any>>;
};
const VERBS = ["get", "put", "post", "delete", "patch", "head"];
const camel = (kebab: string) => kebab.replace(/-+([a-z0-9])/gi, (_, char: string) => char.toUpperCase());
const plain = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** Every scope of `packed`, decoded: `scope.name` → entry. */
function decodeAll(packed: Record<string, string>): Map<string, RouteEntry> {
  const all = new Map<string, RouteEntry>();
  for (const [scope, text] of Object.entries(packed))
    for (const [name, entry] of Object.entries(decodeScope(text) as ScopeRoutes)) all.set(`${scope}.${name}`, entry);
  return all;
}

/** Every operation of the generator's model decoded alone from `packed` (trieEntry): `scope.name` → entry. */
function decodeEach(packed: Record<string, string>): Map<string, RouteEntry> {
  const all = new Map<string, RouteEntry>();
  for (const [scope, operations] of model.scopes)
    for (const { name } of operations) {
      const entry = trieEntry(packed[scope]!, name);
      if (entry) all.set(`${scope}.${name}`, entry);
    }
  return all;
}

/** Operations whose decoded entry is not the generator's (`[route, defaults?, extra?]`), and extra names. */
function mismatches(decoded: Map<string, RouteEntry>): string[] {
  const wrong: string[] = [];
  let count = 0;
  for (const [scope, operations] of model.scopes)
    for (const { name, route, defaults, extra } of operations) {
      count++;
      const entry = decoded.get(`${scope}.${name}`);
      const [got, gotDefaults, gotExtra] = entry ?? [];
      if (
        got !== route ||
        plain(gotDefaults || undefined) !== plain(defaults) ||
        plain(gotExtra) !== plain(extra) ||
        entry!.length > 3
      )
        wrong.push(`${scope}.${name}: ${JSON.stringify(entry)}`);
    }
  if (decoded.size !== count) wrong.push(`${decoded.size} operations decoded for ${count}`);
  return wrong;
}

test("all.ts decodes to the generator's 1,223 operations, route, defaults and extra each", () => {
  const decoded = decodeAll(routes);
  assert.is(decoded.size, 1223);
  assert.equal(mismatches(decoded), []);
  // Names come out sorted, as index.ts lists them (Object.keys(client.repos) is in this order).
  for (const text of Object.values(routes)) {
    const names = Object.keys(decodeScope(text));
    assert.equal(names, [...names].sort());
  }
});

test("each operation decoded alone is the generator's; a name the scope lacks finds nothing", () => {
  const decoded = decodeEach(routes);
  assert.is(decoded.size, 1223);
  assert.equal(mismatches(decoded), []);
  // A name that is only the start or the end of an operation's, or a path's text, is no operation.
  for (const missing of ["ge", "et", "gett", "repos", "{owner}", "", "Gget"])
    assert.is(trieEntry(routes.repos!, missing), undefined, JSON.stringify(missing));
  // The first and the last operation of a scope (no newline after the last).
  const names = Object.keys(decodeScope(routes.repos!));
  const last = routes.repos!.slice(routes.repos!.lastIndexOf("\n") + 3).split(" ")[0]!;
  assert.ok(names.includes(last), last);
  assert.equal(trieEntry(routes.repos!, last), decodeScope(routes.repos!)[last]);
});

test("each decoded operation agrees with the OpenAPI description", () => {
  const decoded = decodeAll(routes);
  const wrong: string[] = [];
  let count = 0;
  for (const [path, item] of Object.entries(spec.paths))
    for (const verb of VERBS) {
      const op = item[verb];
      if (!op) continue;
      count++;
      const [scope, kebab] = (op.operationId as string).split("/") as [string, string];
      const id = `${camel(scope)}.${camel(kebab)}`;
      const entry = decoded.get(id);
      if (!entry) {
        wrong.push(`${id}: missing`);
        continue;
      }
      const [route, defaults, extra] = entry as [string, { origin?: string } | 0 | undefined, any];
      const [method, target] = route.split(" ") as [string, string];
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((parameter: any) =>
        parameter.$ref ? (spec as any).components.parameters[parameter.$ref.split("/").pop()] : parameter,
      );
      const query = parameters.filter((parameter: any) => parameter.in === "query").map((p: any) => p.name);
      // `{origin}` and a non-GET operation's `{?query}` list around the description's path, `{+x}` for `{x}`.
      const expression = verb === "get" || verb === "head" || !query.length ? "" : `{?${query.join(",")}}`;
      const bare = target
        .replace(/^\{origin\}/, "")
        .replace(/\{\?[^}]*\}$/, "")
        .replace(/\{\+/g, "{");
      const facts = {
        method: method === verb.toUpperCase(),
        path: bare === path,
        query: target.endsWith(expression),
        multiSegment: [...target.matchAll(/\{\+([^}]+)\}/g)].every(
          ([, name]) => parameters.find((p: any) => p.in === "path" && p.name === name)?.["x-multi-segment"],
        ),
        origin: (op.servers?.[0]?.url ?? undefined) === ((defaults && defaults.origin) || undefined),
        ownServer: target.startsWith("{origin}") === Boolean(op.servers?.length),
        deprecated: Boolean(extra?.deprecated) === Boolean(op.deprecated || op["x-github"]?.deprecationDate),
        body: (extra?.body ?? undefined) === (op["x-github"]?.requestBodyParameterName ?? undefined),
        previews: !op["x-github"]?.previews?.length,
      };
      const failed = Object.entries(facts).filter(([, ok]) => !ok);
      if (failed.length) wrong.push(`${id}: ${failed.map(([fact]) => fact).join(", ")} (${JSON.stringify(entry)})`);
    }
  assert.is(count, 1223);
  assert.equal(wrong, []);
});

test("a scope module (`forgekit/routes/<scope>`) holds the same string as all.ts", () => {
  assert.is(reposRoutes, routes.repos);
});

test("one wrong character in the packed data is found (the checks above can fail)", () => {
  const text = routes.repos!;
  // A path line's shared-prefix digit one less, an operation's verb letter changed, a name cut.
  const shared = text.replace(/\n([1-9])(?=[a-z/{])/, (_, digit: string) => `\n${Number(digit) - 1}`);
  const verb = text.replace("\n Gget\n", "\n Pget\n");
  const name = text.replace("\n Gget\n", "\n Gge\n");
  for (const changed of [shared, verb, name]) {
    assert.is.not(changed, text);
    assert.ok(mismatches(decodeAll({ ...routes, repos: changed })).length > 0);
    assert.ok(mismatches(decodeEach({ ...routes, repos: changed })).length > 0);
  }
});

test.run();
