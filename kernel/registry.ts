import type { Endpoint, Request } from "./request.js";
import type { CommonParameters, Response } from "./types.js";

/**
 * The shape of route registries and of the endpoint methods made from them (generated into definitions/, or written by hand for
 * `registerEndpoints`). The kernel only defines the shapes; plugins consume them.
 */

/** Defaults an operation adds to its request, e.g. an `origin` for uploads or a content type. */
export interface RouteDefaults {
  headers?: Record<string, string>;
  origin?: string;
}

/** Facts about an operation beyond its route. */
export interface RouteExtra {
  /** The request body is this parameter itself (`x-github.requestBodyParameterName`). */
  body?: string;
  /**
   * The JSON body's property names, listed when one is named like a request option (the
   * `url` of a webhook config): the method then sends them as `data` itself.
   */
  fields?: readonly string[];
  /** The operation is deprecated: when, and when it will be removed. */
  deprecated?: string;
  /** Renamed parameters: old name → new name. */
  renamed?: Record<string, string>;
  /**
   * Parameters a later REST API version removes: `[parameter, version, changeset, instead?]`
   * (plugins/endpoints/removed.ts refuses them from that version on and warns before it).
   */
  removed?: readonly (readonly [parameter: string, version: string, changeset: string, instead?: string])[];
}

/** `[route, defaults?, extra?]` with route like `"GET /repos/{owner}/{repo}"`. */
export type RouteEntry = readonly [route: string, defaults?: RouteDefaults | 0, extra?: RouteExtra];

/** One scope's operations by method name. */
export type ScopeRoutes = Record<string, RouteEntry>;

/**
 * Parameter metadata: `[name, flags, type, allowed values?]`. `flags` starts with where
 * the parameter goes (`p`ath, `q`uery, `b`ody, `h`eader), then `!` when required, `?` when
 * nullable, `*` when it may span several path segments.
 */
export type ParamMeta = readonly [
  name: string,
  flags: string,
  type: string,
  values?: readonly (string | number | boolean | null)[],
];

/** One scope's parameter metadata by method name. */
export type ScopeParams = Record<string, readonly ParamMeta[]>;

/** An operation as plugins see it: its name (`"repos.get"`) and, when known, its parameter metadata. */
export interface OperationInfo {
  /** The method's name, e.g. `"repos.get"`. */
  operation: string;
  /** Loads the operation's parameter metadata (at once when its scope's is loaded). */
  params?: () => readonly ParamMeta[] | Promise<readonly ParamMeta[]>;
}

/**
 * Where a client keeps its route lookup (set by the endpoints plugin): `client[OPERATION_OF]("GET
 * /orgs/{org}")` is that route's operation in the client's registry, or `undefined`. Plugins
 * that meet a route string rather than an endpoint method (paginate's page size) read it.
 */
export const OPERATION_OF: unique symbol = Symbol.for("forgekit.operationOf");

/** The function at {@link OPERATION_OF}. */
export type OperationOf = (route: string) => OperationInfo | undefined;

/** An operation's types: its parameters and its response data. */
export interface OperationTypes {
  parameters: object;
  response: unknown;
}

/** Formats GitHub answers as text whatever the operation: a diff, a patch, a commit sha. */
export type TextFormat = "diff" | "patch" | "sha";
/** Formats that are text for files (contents, READMEs), JSON for comment bodies (`body_html`…). */
export type FileFormat = "raw" | "html";

/**
 * `data`'s type when `mediaType: { format: F }` is asked for: `string` for `diff`, `patch`
 * and `sha`; for `raw` and `html`, `string` unless the response is a JSON object with a
 * `body` (issues, comments, pull requests keep their JSON, with `body_html`/`body_text`).
 */
export type FormatData<R, F> = F extends TextFormat
  ? string
  : F extends FileFormat
    ? R extends { body?: unknown }
      ? R
      : string
    : R;

/** Parameters asking for a media-type format, e.g. `{ mediaType: { format: "diff" } }`. */
export type WithFormat<P, F extends string> = P &
  CommonParameters & { mediaType: { format: F; previews?: readonly string[] } };

/** Parameters are optional when the operation requires none. */
type Args<P> = {} extends P ? [params?: P & CommonParameters] : [params: P & CommonParameters];

/**
 * A typed endpoint method such as `client.repos.get`: a bound `request` with the
 * operation's defaults, so it has `.endpoint` and `.defaults` too, as @octokit/rest's methods do.
 */
export interface EndpointMethod<E extends OperationTypes> {
  <F extends string>(params: WithFormat<E["parameters"], F>): Promise<Response<FormatData<E["response"], F>>>;
  (...args: Args<E["parameters"]>): Promise<Response<E["response"]>>;
  endpoint: Endpoint;
  /** A method with more defaults bound, as `request.defaults`. */
  defaults: Request["defaults"];
}
