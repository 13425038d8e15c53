import {
  OPERATION_OF,
  ParameterError,
  closest,
  createScope,
  onFirstUse,
  type Client,
  type OperationOf,
  type OptionTyped,
  type OptionTyping,
  type Plugin,
} from "../../kernel/index.js";
import type { ApiVersions, DeploymentTypes, GeneratedDeployment, VersionTypes } from "../../types/deployments.js";
import {
  createAlias,
  createLazy,
  createLegacyRoute,
  createMethod,
  createMissing,
  createRemoved,
  operationInfo,
  preloadChecks,
  type Method,
} from "./method.js";
import {
  aliasTarget,
  findOperation,
  loadEntry,
  loadedRoutes,
  lookup,
  namesLater,
  registryScopes,
  scopeNames,
  type Registry,
} from "./registry.js";
import type { TypedRequest } from "./typed-request.js";

export type { Registry } from "./registry.js";
export type { AliasDecoder, NamesOf } from "../../definitions/decode/aliases.js";
export type { TypedRequest, Part } from "./typed-request.js";
export {
  adaptMethod,
  withChecks,
  type Method,
  type ParamsCheck,
  type CheckParams,
  type WarnUnknownParams,
  type OperationInfo,
} from "./method.js";
export { uploadsOrigin } from "../../kernel/index.js";

/** Options of the endpoints plugin. */
export interface EndpointsOptions {
  /** Another deployment's registry, or its name where the preset knows how to load it (e.g. `"ghes-3.18"`). */
  deployment?: string | Registry;
}

/** A deployment whose types types/ holds (every one generated into definitions/). */
export type TypedDeployment = keyof DeploymentTypes;

/** `K` when it is one name (a union of several selects nothing). */
export type One<K, All = K> = K extends unknown ? ([All] extends [K] ? K : never) : never;

/** The typed deployment a `deployment` option value (a name or a generated registry) selects; `never` for none. */
export type DeploymentOf<D> = One<(D extends Registry<infer N> ? N : D) & TypedDeployment>;

/** Deployment `N`'s types at REST API version `V` (its default version's for `never` or a version it has no types for). */
export type TypesOf<N extends TypedDeployment, V = never> =
  HasVersion<N, V> extends true ? Versioned<N, V> : DeploymentTypes[N];

/** `VersionTypes[N][V]`, which {@link HasVersion} says exists. */
type Versioned<N, V> = N extends keyof VersionTypes
  ? V extends keyof VersionTypes[N]
    ? VersionTypes[N][V]
    : never
  : never;

/**
 * What the endpoints plugin adds: one lazily resolved scope per API category, and a typed
 * `request`, from deployment `N`'s types at version `V` (api.github.com's by default).
 */
export type EndpointsAdditions<N extends TypedDeployment = "api.github.com", V = never> = Surface<TypesOf<N, V>, N>;

/** The members for one deployment's (and version's) types `T`. */
type Surface<T, N extends TypedDeployment> = T extends { scopes: infer S; endpoints: infer E }
  ? S & {
      request: TypedRequest<E>;
      /** The same scopes under Octokit's name: `client.rest.repos.get` is `client.repos.get`. */
      rest: S;
    } & OptionTyped<EndpointsTyping<N>>
  : never;

/** The deployment options `O` select: `N` (the registry's) unless they name another typed one. */
export type ChosenDeployment<O, N extends TypedDeployment> = [
  O extends { deployment: infer D } ? DeploymentOf<D> : never,
] extends [infer C extends TypedDeployment]
  ? [C] extends [never]
    ? N
    : C
  : N;

/** The one REST API version options `O` ask for (`apiVersion`), `never` for none. */
export type ChosenVersion<O> = O extends { apiVersion: infer V } ? One<V & string> : never;

/** The REST API versions deployment `C`'s description has (types/deployments.ts), its default first. */
type Versions<C> = C extends keyof ApiVersions ? ApiVersions[C] : readonly [];

/**
 * A version `V` that deployment `C` has but whose types the program has not imported: refused,
 * naming the import to add (without it the methods would silently have the default version's
 * types). The default version, and a version `C` lacks (the apiVersion plugin refuses that one),
 * are not refused here.
 */
type VersionRefusal<C, V> = [V] extends [never]
  ? {}
  : HasVersion<C, V> extends true
    ? {}
    : [V] extends [Versions<C>[0]]
      ? {}
      : [V] extends [Versions<C>[number]]
        ? C extends string
          ? V extends string
            ? { apiVersion?: { [K in `add its types first: import type {} from "forgekit/types/${C}@${V}"`]: V } }
            : {}
          : {}
        : {};

/** Whether deployment `C` has types of their own at version `V`. */
type HasVersion<C, V> = [V] extends [never]
  ? false
  : C extends keyof VersionTypes
    ? [V] extends [keyof VersionTypes[C]]
      ? true
      : false
    : false;

/**
 * The endpoint methods' types follow the `deployment` and `apiVersion` options
 * (kernel/option-typed.ts): a client made with `deployment: "ghes-3.17"` (or that registry) has
 * GHES 3.17's scopes, parameters and responses, one made with `apiVersion: "2026-03-10"` that
 * version's; `N` is the registry's own deployment.
 */
export interface EndpointsTyping<N extends TypedDeployment> extends OptionTyping {
  keys: "deployment" | "apiVersion";
  replaces: keyof DeploymentTypes[N]["scopes"] | "request" | "rest";
  // A name known only at run time (`string`) is looked up then; a literal must be a generated one,
  // whose types the program imports (types/deployments.ts: only api.github.com's come with "forgekit").
  refuses: (this["options"] extends { deployment: infer D }
    ? string extends D
      ? {}
      : D extends string
        ? [D] extends [TypedDeployment]
          ? {}
          : [D] extends [GeneratedDeployment]
            ? { deployment?: { [K in `add its types first: import type {} from "forgekit/types/${D}"`]: D } }
            : { deployment?: { "not a generated deployment; use one of": GeneratedDeployment } }
        : {}
    : {}) &
    VersionRefusal<ChosenDeployment<this["options"], N>, ChosenVersion<this["options"]>>;
  additions: HasVersion<ChosenDeployment<this["options"], N>, ChosenVersion<this["options"]>> extends true
    ? EndpointsAdditions<ChosenDeployment<this["options"], N>, ChosenVersion<this["options"]>>
    : [ChosenDeployment<this["options"], N>] extends [N]
      ? {}
      : EndpointsAdditions<ChosenDeployment<this["options"], N>>;
}

interface ClientState {
  registry: Registry;
}
/** Per-client state, kept only for clients with a non-default deployment. */
const deployments = new WeakMap<Client, ClientState>();

function scopeSource(client: Client, fallback: Registry, scope: string) {
  const active = deployments.get(client)?.registry ?? fallback;
  const label = active.deployment ?? "api.github.com";
  return {
    names: () => scopeNames(active, scope),
    resolve(name: string): Method | undefined {
      if (scopeNames(active, scope).includes(name)) {
        const routes = loadedRoutes(active, scope);
        if (routes) return createMethod(client, active, scope, name, routes[name]!);
        return createLazy(`${scope}.${name}`, async () =>
          createMethod(client, active, scope, name, await loadEntry(active, scope, name)),
        );
      }
      // A registry whose names come with each scope's routes (split browser builds): the scope
      // loads on the first call, which then sends or names the closest method.
      if (namesLater(active, scope))
        return createLazy(`${scope}.${name}`, async () => {
          const entry = await loadEntry(active, scope, name);
          if (entry) return createMethod(client, active, scope, name, entry);
          const near = closest(name, scopeNames(active, scope));
          throw new ParameterError(
            `${scope}.${name}() is not a method of ${label}${near ? `: did you mean ${scope}.${near}()?` : "."} Nothing was sent.`,
          );
        });
      const target = aliasTarget(active, scope, name);
      if (target) {
        const [toScope, toName] = target.split(".") as [string, string];
        const method = (client as unknown as Record<string, Record<string, Method>>)[toScope]?.[toName];
        return method && createAlias(client, `${scope}.${name}`, target, method);
      }
      const route = lookup(active.legacyRoutes, scope, name);
      if (route) return createLegacyRoute(client, `${scope}.${name}`, route);
      const removed = lookup(active.removed, scope, name);
      if (removed) return createRemoved(removed);
      if (active !== fallback && scopeNames(fallback, scope).includes(name))
        return createMissing(`${scope}.${name}`, label);
      return undefined;
    },
  };
}

/** Define `client[scope]` as a getter that creates the scope Proxy on first access, then caches it on the instance. */
function defineScope(target: object, scope: string, registry: Registry): void {
  if (Object.prototype.hasOwnProperty.call(target, scope)) return;
  Object.defineProperty(target, scope, {
    configurable: true,
    get(this: Client) {
      const value = createScope(scopeSource(this, registry, scope));
      Object.defineProperty(this, scope, { value, writable: true, enumerable: true, configurable: true });
      return value;
    },
  });
}

/**
 * The endpoint methods: `client.<scope>.<method>(params)` for every operation of
 * `registry`, resolved lazily on first access (docs/how-it-works.md). Each method is
 * `client.request.defaults(...)` with the operation's route and defaults.
 *
 * @param resolveDeployment turns a `deployment` name into its registry (the presets pass one).
 * @example
 * import { routes as repos } from "forgekit/routes/repos";
 * const MyClient = Client.plugin([endpoints({ routes: { repos } })]);
 * const { data } = await new MyClient().repos.get({ owner: "octokit", repo: "rest.js" });
 */
export function endpoints<D extends string = "api.github.com">(
  registry: Registry<D>,
  resolveDeployment?: (name: string) => Registry | undefined,
): Plugin<EndpointsAdditions<DefaultTo<DeploymentOf<D>>>, EndpointsOptions> {
  const prepared = new WeakSet<object>();
  const plugin: Plugin<EndpointsAdditions<any>, EndpointsOptions> = (client, options) => {
    if (registry.loadParams) onFirstUse(preloadChecks);
    const proto = Object.getPrototypeOf(client) as object;
    if (!prepared.has(proto)) {
      prepared.add(proto);
      for (const scope of registryScopes(registry)) defineScope(proto, scope, registry);
      // A route string's operation in this client's registry (paginate's page size reads it).
      const operationOf: OperationOf = function (this: Client, route) {
        const active = deployments.get(this)?.registry ?? registry;
        const found = findOperation(active, route);
        return found === undefined ? undefined : operationInfo(active, found);
      };
      Object.defineProperty(proto, OPERATION_OF, { configurable: true, value: operationOf });
      // Octokit v17+ code reads `octokit.rest.<scope>`: the client itself serves them.
      if (!("rest" in proto))
        Object.defineProperty(proto, "rest", {
          configurable: true,
          get: function (this: Client) {
            return this;
          },
        });
    }
    if (
      options.deployment !== undefined &&
      options.deployment !== registry.deployment &&
      options.deployment !== registry
    ) {
      const chosen =
        typeof options.deployment === "string" ? resolveDeployment?.(options.deployment) : options.deployment;
      if (!chosen)
        throw new ParameterError(
          `Unknown deployment ${JSON.stringify(options.deployment)}. Pass a registry object${resolveDeployment ? ', or a known name such as "ghes-3.18"' : ""}.`,
        );
      deployments.set(client, { registry: chosen });
      // Scopes only this deployment has (e.g. GHES's enterpriseAdmin) get a getter of their own.
      for (const scope of registryScopes(chosen)) if (!(scope in client)) defineScope(client, scope, registry);
    }
    return undefined as unknown as EndpointsAdditions<any>;
  };
  plugin.options = ["deployment"];
  return plugin as never;
}

/** api.github.com when `N` is `never` (a registry of no typed deployment). */
export type DefaultTo<N> = [N] extends [never] ? "api.github.com" : N;
