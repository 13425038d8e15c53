import type { ParamMeta, RouteEntry } from "../../kernel/index.js";
import type { ScopeRoutes } from "../../kernel/index.js";
import type { Registry } from "../endpoints/index.js";
import { loadedRoutes, registryScopes } from "../endpoints/registry.js";
import { registry as apiRegistry } from "../presets/registry.js";
import { loadDeployment } from "../presets/deployments.js";
import { deployments } from "../../definitions/deployments.js";
import { aliasTable, aliasTarget, loadParams, lookup } from "../endpoints/registry.js";
import { UsageError } from "./args.js";
import { suggest } from "./suggest.js";

const { hasOwn } = Object;

/** One operation as the CLI needs it: where it lives, its route entry and its parameters. */
export interface Operation {
  scope: string;
  name: string;
  entry: RouteEntry;
  params: readonly ParamMeta[];
  /** The deprecated name it was called by (`repos.getForOrg`), if any. */
  alias?: string;
  /** An @octokit/rest v15/v16 name sent to its old route (no current operation has it). */
  oldRoute?: boolean;
}

/** Old names of every kind: aliases, old routes and removed endpoints (old scope → old name → value). */
const legacyTables = (registry: Registry) => [
  Object.fromEntries(Object.keys(registry.aliases ?? {}).map((scope) => [scope, aliasTable(registry, scope)])),
  registry.legacyRoutes ?? {},
  registry.removed ?? {},
];

/** The registry of `--deployment` (api.github.com without it). */
export function registryFor(deployment: string | undefined): Registry {
  if (deployment === undefined || deployment === "api.github.com") return apiRegistry;
  const registry = loadDeployment(deployment);
  if (!registry) {
    const known = deployments.join(", ");
    const [best] = suggest(deployment, deployments);
    throw new UsageError(
      `unknown deployment ${JSON.stringify(deployment)}${best ? `: did you mean ${best}?` : "."} Known: ${known}.`,
    );
  }
  return registry;
}

/** The label of a registry in messages. */
export const labelOf = (registry: Registry) => registry.deployment ?? "api.github.com";

/**
 * The routes of every scope, decoded: Node registries (the full preset's, from its data file, and
 * each deployment's `all` module) have them without loading.
 */
const routesOf = (registry: Registry): Record<string, ScopeRoutes> =>
  Object.fromEntries(
    registryScopes(registry).flatMap((scope) => {
      const routes = loadedRoutes(registry, scope);
      return routes ? [[scope, routes]] : [];
    }),
  );

/** The scope's method names. */
export function scopeNames(registry: Registry, scope: string): string[] {
  return hasOwn(routesOf(registry), scope) ? Object.keys(routesOf(registry)[scope] as object) : [];
}

/** Every `scope.method` of the registry, deprecated aliases included. */
export function allNames(registry: Registry): string[] {
  const names = Object.entries(routesOf(registry)).flatMap(([scope, routes]) =>
    Object.keys(routes).map((name) => `${scope}.${name}`),
  );
  for (const tables of legacyTables(registry))
    for (const [scope, table] of Object.entries(tables))
      names.push(...Object.keys(table).map((name) => `${scope}.${name}`));
  return names;
}

/** Whether `scope` names a scope (of operations or only of aliases). */
export function isScope(registry: Registry, scope: string): boolean {
  return hasOwn(routesOf(registry), scope) || legacyTables(registry).some((tables) => hasOwn(tables, scope));
}

async function paramsOf(registry: Registry, scope: string, name: string): Promise<readonly ParamMeta[]> {
  return loadParams(registry, scope, name);
}

/** The operation `scope.method` names (following a deprecated alias), or undefined. */
export async function findOperation(registry: Registry, command: string): Promise<Operation | undefined> {
  const [scope = "", name = "", ...more] = command.split(".");
  if (more.length || !scope || !name) return undefined;
  const entry = hasOwn(routesOf(registry), scope) ? routesOf(registry)[scope]![name] : undefined;
  if (entry && hasOwn(routesOf(registry)[scope]!, name))
    return { scope, name, entry, params: await paramsOf(registry, scope, name) };
  const route = lookup(registry.legacyRoutes, scope, name);
  if (route) {
    // No metadata for an old route: its placeholders are its (required, untyped) parameters.
    const params = [...route.matchAll(/\{\+?(\w+)\}/g)].map(([, param]) => [param, "p!", ""] as ParamMeta);
    return { scope, name, entry: [route], params, oldRoute: true };
  }
  const target = aliasTarget(registry, scope, name);
  if (!target) return undefined;
  const found = await findOperation(registry, target);
  return found && { ...found, alias: command };
}

/** A {@link UsageError} for a name that is no operation, with the closest names. */
export function unknownMethod(registry: Registry, command: string): UsageError {
  const [oldScope = "", oldName = ""] = command.split(".");
  const removed = lookup(registry.removed, oldScope, oldName);
  if (removed) return new UsageError(removed);
  const inApi = registry !== apiRegistry && (allNames(apiRegistry).includes(command) || isScope(apiRegistry, command));
  if (inApi)
    return new UsageError(
      `${command} is not available on ${labelOf(registry)} (the --deployment); it exists on api.github.com.`,
    );
  if (!/[./]/.test(command)) {
    const scopes = suggest(command, [
      ...Object.keys(routesOf(registry)),
      ...legacyTables(registry).flatMap((tables) => Object.keys(tables)),
    ]);
    return new UsageError(
      `unknown scope ${JSON.stringify(command)}${scopes.length ? `: did you mean ${scopes.join(" or ")}?` : "."} Name a method as <scope>.<method>, e.g. repos.get.`,
    );
  }
  const close = suggest(command, allNames(registry));
  const scope = command.split(".")[0] as string;
  const hint = isScope(registry, scope) ? `forgekit ${scope} --help` : "forgekit --help";
  const also = close.length
    ? `: did you mean ${close.join(" or ")}?`
    : `. List a scope's methods with \`forgekit <scope> --help\`, or call any route with \`forgekit request "GET /path"\`.`;
  return new UsageError(`unknown method ${JSON.stringify(command)}${also}`, hint);
}

/** `GET /repos/{owner}/{repo}` (any placeholder names, `:name`, `{+name}`, `{origin}`, `{?…}`) → one shape. */
const shapeOf = (route: string) =>
  route
    .trim()
    .replace(/^([a-z]+)(?=\s)/i, (verb) => verb.toUpperCase())
    .replace(/\{origin\}|\{\?[^}]*\}$/g, "")
    .replace(/:\w+|\{\+?[^}]+\}/g, "{}");

/** The operation a `forgekit request` route matches, so its parameters get typed values. */
export async function operationForRoute(registry: Registry, route: string): Promise<Operation | undefined> {
  const wanted = shapeOf(/^[A-Z]+\s/i.test(route.trim()) ? route : `GET ${route}`);
  for (const [scope, routes] of Object.entries(routesOf(registry))) {
    for (const [name, entry] of Object.entries(routes)) {
      if (shapeOf(entry[0]) === wanted) return { scope, name, entry, params: await paramsOf(registry, scope, name) };
    }
  }
  return undefined;
}
