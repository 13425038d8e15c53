import {
  Client as Kernel,
  type ClientOptions,
  type InstanceFor,
  type InstanceOf,
  type ClassOptions,
  type OptionsFor,
  type TypingOptions,
} from "../../kernel/index.js";
import { agent } from "../agent/index.js";
import { apiVersion } from "../api-version/index.js";
import { endpoints, type Registry } from "../endpoints/index.js";
import { builtins } from "./builtins.js";
import { loadDeployment } from "./deployments.js";
import { factoryOf, octokitOf } from "./octokit.js";
import type { OctokitCoreMembers } from "./octokit-types.js";
import { registry } from "./registry.js";
import { removedOperations } from "../../definitions/api.github.com/aliases.js";

/**
 * The full preset for Node: the kernel with every built-in plugin and the endpoint methods
 * of api.github.com (`deployment: "ghes-3.18"` etc. selects another registry).
 * `import forgekit from "forgekit"` / `require("forgekit")` is its factory.
 */
// apiVersion (docs/api-versions.md) is the Node preset's; the browser preset leaves it out for size.
export const Client = Kernel.plugin([endpoints(registry, loadDeployment), ...builtins, agent, apiVersion]);
/** An instance of the full preset. */
export type Client = InstanceOf<typeof Client>;

/** Options of the full preset. */
export type Options = ClassOptions<typeof Client>;

/**
 * Create a client with the full preset: the module's default export (and `require("forgekit")`)
 * is this factory, as `require("@octokit/rest")(options)` was in @octokit/rest v15.
 *
 * @example
 * import forgekit from "forgekit";
 * const client = forgekit({ auth: process.env.GITHUB_TOKEN });
 */
export default function forgekit<T extends TypingOptions<Client, Options> = TypingOptions<Client, Options>>(
  options?: OptionsFor<Client, Options, T>,
): InstanceFor<Client, T> {
  return new Client(options) as never;
}
/**
 * v16's `Octokit.plugin(…)` on the factory (`require("@octokit/rest")` was the factory in
 * v16): a factory of a client with those plugins too, callable with or without `new`.
 */
forgekit.plugin = (...plugins: Parameters<typeof Client.plugin>) => factoryOf(Client.plugin(...plugins));

/**
 * `require("forgekit")` as its declarations type it — and so v16's `require("@octokit/rest")`
 * after the package swap, where it makes the drop-in `Octokit` (build/per-file.mjs): a
 * factory, called or constructed, whose client has @octokit/core's shapes as further
 * overloads after forgekit's own, as `Octokit`'s has, so that a library typed against
 * @octokit/core takes it. Each of those members exists on `forgekit()`'s client too
 * (test/octokit/core-members.test.ts).
 */
export interface RequireFactory {
  <T extends TypingOptions<Client, Options> = TypingOptions<Client, Options>>(
    options?: OptionsFor<Client, Options, T>,
  ): InstanceFor<Client, T> & OctokitCoreMembers;
  new <T extends TypingOptions<Client, Options> = TypingOptions<Client, Options>>(
    options?: OptionsFor<Client, Options, T>,
  ): InstanceFor<Client, T> & OctokitCoreMembers;
}

/** Each registry with `checks: false`, made once (its methods' caches are per registry). */
const uncheckedOf = new WeakMap<Registry<any>, Registry<any>>();

/** `given` with `checks: false`: its endpoint methods send parameters unchecked. */
function unchecked<R extends Registry<any> | undefined>(given: R): R {
  if (!given?.loadParams) return given;
  let found = uncheckedOf.get(given);
  if (!found) uncheckedOf.set(given, (found = { ...given, checks: false }));
  return found as R;
}

/**
 * api.github.com's registry for `Octokit`: unchecked, and with the operations GitHub removed
 * since @octokit/rest 20 was generated (Projects classic, team discussions, the old billing
 * endpoints…: `removedOperations` of definitions/api.github.com/aliases.ts) sent to their routes, as
 * @octokit/rest 20 and 22 send them; the old-route table `legacyRoutes` carries them, ahead
 * of the v15/v16 `removed` names, which would refuse them.
 */
const octokitRegistry: typeof registry = { ...unchecked(registry), legacyRoutes: joined(registry.legacyRoutes) };

/** `removedOperations` joined to another old-route table (old scope → name → route). */
function joined(tables: Record<string, Record<string, string>> = {}): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = { ...tables };
  for (const [scope, table] of Object.entries(removedOperations)) out[scope] = { ...table, ...tables[scope] };
  return out;
}

/**
 * The full preset under @octokit/rest's name, for a package swap (docs/migrating.md):
 * `import { Octokit } from "@octokit/rest"` and `require("@octokit/rest").Octokit` keep working
 * with `"@octokit/rest": "npm:forgekit@…"`. It adds `Octokit.VERSION` and `Octokit.defaults`.
 *
 * @example
 * import { Octokit } from "forgekit";
 * const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });
 * const { data } = await octokit.rest.repos.get({ owner: "octokit", repo: "rest.js" });
 */
export const Octokit = octokitOf(
  // Unchecked, as @octokit/rest v17–v22 send parameters as given (GitHub accepts a `body: null`
  // its description calls non-nullable, and code written for @octokit sends it): Octokit's
  // registries say `checks: false` (plugins/endpoints/method.ts); their parameter metadata
  // still tells paginate which operations take `per_page`.
  // apiVersion as forgekit() has it: the header, the version's types, removed parameters refused
  // (route extras, not parameter metadata, so unchecked registries refuse them too).
  Kernel.plugin([
    endpoints(octokitRegistry, (name) =>
      name === registry.deployment ? octokitRegistry : unchecked(loadDeployment(name)),
    ),
    ...builtins,
    agent,
    apiVersion,
  ]),
);
/** An instance of {@link Octokit}. */
export type Octokit = InstanceType<typeof Octokit>;

export * from "../../kernel/exports.js";
export { DEPLOYMENTS, type Deployment } from "./deployments.js";
export type { OctokitDefaults, OctokitFactory, RestInstance, WithRestMembers } from "./octokit.js";
export type {
  CoreEndpoint,
  CoreHook,
  CorePaginate,
  CoreRequest,
  CoreScope,
  OctokitCoreMembers,
  OctokitEndpointMethod,
  OctokitRestMembers,
  RemovedMethod,
  RemovedScope,
  RestEndpointMethods,
  RestEndpointMethodTypes,
  RouteReturn,
  RouteTableOf,
} from "./octokit-types.js";
export type { RemovedOperationNames } from "../../definitions/api.github.com/octokit-removed.js";
export type { ClientOptions };
