import { share, truncate } from "./compact.js";
import type { Fixture, FixtureRoute, RouteExtra } from "./types.js";
import { atVersion, droppedPaths, laterVersions } from "./versions.js";

// Reads GitHub's OpenAPI description (a parsed api.github.com.json, not dereferenced) and
// keeps, per operation, what a mock needs: method + path template, success status, one
// compacted example, and whether the response is a paginated list.

type Node = Record<string, any>;
const VERBS = ["get", "put", "post", "patch", "delete", "head", "options"];
// `X-GitHub-Api-Version` values: the description names the later ones in x-github-breaking-changes.
const BASE_API_VERSION = "2022-11-28";

/** Follow local `$ref`s ("#/components/examples/repository") to what they point at. */
function resolve(spec: Node, node: Node | undefined): Node | undefined {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
    if (hops > 16 || !current.$ref.startsWith("#/"))
      throw new Error(`buildFixture: cannot resolve $ref "${current.$ref}"`);
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce(
        (parent: Node | undefined, key: string) => parent?.[key.replaceAll("~1", "/").replaceAll("~0", "~")],
        spec,
      );
  }
  return current;
}

/** `/repos/{owner}/{repo}/contents/{path}` → `…/contents/{+path}` where a parameter spans segments. */
function pathTemplate(spec: Node, path: string, parameters: Node[]): string {
  const multi = new Set(
    parameters
      .map((p) => resolve(spec, p))
      .filter((p) => p?.["x-multi-segment"])
      .map((p) => p!.name),
  );
  return path.replace(/\{(\w+)\}/g, (match, name: string) => (multi.has(name) ? `{+${name}}` : match));
}

function successStatus(op: Node): string {
  const codes = Object.keys(op.responses ?? {});
  const status =
    codes.filter((code) => /^2\d\d$/.test(code)).sort()[0] ?? codes.filter((code) => /^\d+$/.test(code)).sort()[0];
  if (!status) throw new Error(`buildFixture: ${op.operationId} has no numeric response status`);
  return status;
}

function exampleOf(spec: Node, media: Node): unknown {
  const examples = media.examples ? Object.entries(media.examples as Node) : [];
  const chosen = examples.find(([name]) => name === "default") ?? examples[0];
  if (chosen) return resolve(spec, chosen[1] as Node)?.value;
  return media.example;
}

/** `list: true` for an array body, or the name of the array property of a wrapped list. */
function listKind(example: unknown, paginated: boolean): RouteExtra["list"] {
  if (Array.isArray(example)) return paginated ? true : undefined;
  if (!paginated || !example || typeof example !== "object") return undefined;
  const arrays = Object.keys(example).filter((key) => Array.isArray((example as Node)[key]));
  return arrays.includes("items") ? "items" : arrays[0];
}

/** Top-level required properties of a simple JSON request body (no oneOf/anyOf). */
function requiredBody(spec: Node, op: Node): string[] {
  const body = resolve(spec, op.requestBody);
  const schema = resolve(spec, body?.content?.["application/json"]?.schema);
  if (!body?.required || !schema || schema.oneOf || schema.anyOf || !Array.isArray(schema.required)) return [];
  return [...schema.required];
}

/** The resource a 422 names: `#/components/schemas/issue` → `Issue`. */
function resourceName(schema: Node | undefined): string | undefined {
  const ref = schema?.$ref ?? schema?.items?.$ref;
  const name = typeof ref === "string" ? ref.split("/").pop()! : undefined;
  return name?.replace(/(?:^|-)([a-z0-9])/g, (_: string, char: string) => char.toUpperCase());
}

/**
 * Build the compact route table from GitHub's OpenAPI description: pure, deterministic.
 *
 * @example
 * const spec = JSON.parse(readFileSync("node_modules/@octokit/openapi/generated/api.github.com.json", "utf8"));
 * const fixture = buildFixture(spec, "23.0.2");
 */
export function buildFixture(spec: Node, packageVersion: string): Fixture {
  const raw: Array<{ route: FixtureRoute; example: unknown }> = [];
  const apiVersions = new Set<string>([BASE_API_VERSION]);
  const later = laterVersions(spec);
  for (const [path, item] of Object.entries(spec.paths as Node)) {
    for (const verb of VERBS) {
      const op = item[verb] as Node | undefined;
      if (!op) continue;
      for (const change of op["x-github-breaking-changes"] ?? [])
        if (typeof change.version === "string") apiVersions.add(change.version);
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const status = successStatus(op);
      const response = resolve(spec, op.responses[status]) ?? {};
      const types = Object.keys(response.content ?? {});
      const type = types.find((t) => t === "application/json") ?? types.find((t) => t.includes("json")) ?? types[0];
      const media = type ? (response.content[type] as Node) : undefined;
      const example = media ? exampleOf(spec, media) : undefined;
      const paginated =
        Boolean(response.headers?.Link) || parameters.some((p) => resolve(spec, p)?.name === "per_page");
      const extra: RouteExtra = {};
      const list = listKind(example, paginated);
      if (list !== undefined) extra.list = list;
      if (type && !type.includes("json")) extra.type = type;
      for (const version of later) {
        // The same response as `version` describes it: the operation's and the schemas' changes applied.
        const resolveAt = (node: Node | undefined, isLater: boolean) => {
          const found = resolve(spec, node);
          return found && isLater ? atVersion(found, version) : found;
        };
        const laterResponse = resolveAt(atVersion(op, version).responses?.[status], true);
        const laterMedia = type ? (laterResponse?.content?.[type] as Node | undefined) : undefined;
        const dropped = media ? droppedPaths(example, media.schema, laterMedia?.schema, resolveAt) : [];
        if (dropped.length) (extra.versions ??= {})[version] = dropped;
      }
      const required = requiredBody(spec, op);
      if (required.length) {
        extra.required = required;
        const resource = resourceName(media?.schema);
        if (resource) extra.resource = resource;
        if (op.externalDocs?.url) extra.docs = op.externalDocs.url;
      }
      const route: FixtureRoute = [
        `${verb.toUpperCase()} ${pathTemplate(spec, path, parameters)}`,
        op.operationId,
        Number(status),
        null,
      ];
      if (Object.keys(extra).length) route.push(extra);
      raw.push({ route, example: example === undefined ? undefined : truncate(example) });
    }
  }
  raw.sort((a, b) => compareRoutes(a.route[0], b.route[0]));
  const unique = new Map<string, number>();
  const values: unknown[] = [];
  for (const { route, example } of raw) {
    if (example === undefined) continue;
    const key = JSON.stringify(example);
    if (!unique.has(key)) unique.set(key, values.push(example) - 1);
    route[3] = unique.get(key)!;
  }
  const { examples, shared } = share(values);
  return {
    about:
      "Generated by `node --import ./test/helpers/register.mjs test/fixtures/generate-github-api.ts` from @octokit/openapi (api.github.com.json). Do not edit; regenerate instead.",
    source: { package: "@octokit/openapi", version: packageVersion },
    apiVersions: [...apiVersions].sort(),
    routes: raw.map(({ route }) => route),
    examples,
    shared,
  };
}

function compareRoutes(a: string, b: string): number {
  const [methodA = "", pathA = ""] = a.split(" ");
  const [methodB = "", pathB = ""] = b.split(" ");
  return pathA < pathB ? -1 : pathA > pathB ? 1 : methodA < methodB ? -1 : methodA > methodB ? 1 : 0;
}

/** The fixture as committed: one route, example or shared object per line, so diffs stay readable. */
export function formatFixture(fixture: Fixture): string {
  const list = (items: unknown[]) =>
    items.length ? `[\n    ${items.map((item) => JSON.stringify(item)).join(",\n    ")}\n  ]` : "[]";
  const head = (["about", "source", "apiVersions"] as const).map(
    (key) => `  ${JSON.stringify(key)}: ${JSON.stringify(fixture[key])}`,
  );
  const body = (["routes", "examples", "shared"] as const).map(
    (key) => `  ${JSON.stringify(key)}: ${list(fixture[key])}`,
  );
  return `{\n${[...head, ...body].join(",\n")}\n}\n`;
}
