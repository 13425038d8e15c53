import { memberOnFirstUse, warnOnce, type Client, type ParamMeta, type Plugin } from "../../kernel/index.js";
import { adaptMethod, withChecks, type Method } from "../endpoints/index.js";

/** A parameter of a registered endpoint, as @octokit/rest v16's route definitions had it. */
export interface ParamDefinition {
  required?: boolean;
  /** `string`, `integer`, `number`, `boolean`, `object`, or an array type such as `string[]`. */
  type?: string;
  enum?: readonly (string | number | boolean)[];
  /** This name is another name for the parameter given here (e.g. `id` → `thread_id`). */
  alias?: string;
  /** Using this parameter warns once. */
  deprecated?: boolean;
  /** Send the value under this name instead (`"data"` makes it the request body). */
  mapTo?: string;
}

/** A route definition, as @octokit/rest v16's `registerEndpoints` takes it (docs/custom-endpoints.md). */
export interface EndpointDefinition {
  method: string;
  url: string;
  headers?: Record<string, string>;
  params?: Record<string, ParamDefinition>;
}

/** `{ <scope>: { <name>: <definition> } }` */
export type EndpointDefinitions = Record<string, Record<string, EndpointDefinition>>;

function metas(definition: EndpointDefinition): ParamMeta[] {
  const inPath = (name: string) => new RegExp(`[:{+]${name}\\b`).test(definition.url);
  const body = !/^(GET|HEAD)$/i.test(definition.method);
  return Object.entries(definition.params ?? {})
    .filter(([, p]) => !p.alias)
    .map(([name, p]): ParamMeta => {
      const flags = `${inPath(name) ? "p" : body ? "b" : "q"}${p.required ? "!" : ""}`;
      const type = p.type?.endsWith("[]") ? "array" : (p.type ?? "");
      return p.enum ? [name, flags, type, p.enum] : [name, flags, type];
    });
}

function createRegistered(client: Client, operation: string, definition: EndpointDefinition): Method {
  const { method, url, headers, params = {} } = definition;
  const rules = metas(definition);
  const bound = client.request.defaults({ method, url, ...(headers ? { headers } : {}) }) as unknown as Method;
  const adapt = (given: Record<string, unknown> = {}) => {
    const copy: Record<string, unknown> = { ...given };
    for (const [name, p] of Object.entries(params)) {
      if (copy[name] === undefined) continue;
      if (p.deprecated)
        warnOnce(
          client.options.log,
          `param:${operation}:${name}`,
          `${operation}(): parameter "${name}" is deprecated${p.alias ? `, use "${p.alias}"` : ""}.`,
        );
      if (p.alias) copy[p.alias] ??= copy[name];
      if (p.alias) delete copy[name];
    }
    for (const [name, p] of Object.entries(params)) {
      if (!p.mapTo || copy[name] === undefined) continue;
      copy[p.mapTo] = copy[name];
      delete copy[name];
    }
    return copy;
  };
  // Checked under the definition's names: a value sent under its `mapTo` name is read back there.
  const check = (adapted: Record<string, unknown>) =>
    withChecks((checkParams) => {
      const named: Record<string, unknown> = { ...adapted };
      for (const [name, p] of Object.entries(params)) if (p.mapTo && !p.alias) named[name] = adapted[p.mapTo];
      checkParams(operation, rules, named);
    });
  return adaptMethod(bound, adapt, check);
}

/**
 * `client.registerEndpoints(routes)` (docs/custom-endpoints.md): adds `client.<scope>.<name>(params)` for
 * beta endpoints no built-in method covers yet — new scopes or new methods in existing
 * ones, with `.endpoint` like built-in methods. Parameters are checked before sending
 * (required, type, allowed values); the caller's params object is never mutated.
 *
 * @example
 * client.registerEndpoints({ repos: { foo: { method: "PATCH", url: "/repos/:owner/:repo/foo",
 *   params: { owner: { required: true, type: "string" }, repo: { required: true, type: "string" },
 *             baz: { required: true, type: "string", enum: ["qux", "quux", "quuz"] } } } } });
 */
export const registerEndpoints: Plugin<{
  /** Add `client.<scope>.<name>(params)` for each route definition of `routes`. */
  registerEndpoints(routes: EndpointDefinitions): void;
}> = (client) => {
  // Made for an instance on its first access: most clients never register endpoints.
  memberOnFirstUse(client, "registerEndpoints", (self) => (routes: EndpointDefinitions) => {
    const target = self as unknown as Record<string, Record<string, Method>>;
    for (const scope of Object.keys(routes)) {
      if (typeof target[scope] !== "object" || target[scope] === null) target[scope] = {};
      for (const [name, definition] of Object.entries(routes[scope]!))
        target[scope]![name] = createRegistered(self, `${scope}.${name}`, definition);
    }
  });
  return undefined as never;
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
registerEndpoints.options = [];
