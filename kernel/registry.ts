/**
 * The shape of route registries (generated into definitions/, or written by hand for
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
