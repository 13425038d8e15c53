import type { HookSource } from "./hook.js";
import type { EndpointOptions, RequestOptions } from "./types.js";

/**
 * What `request.endpoint()` and `endpoint.parse()` return for a client class that asks for
 * another shape than the request options forgekit sends (the @octokit/rest drop-in returns
 * the body as the object, as @octokit/endpoint does: plugins/presets/octokit-endpoint.ts).
 * The class sets a function of the merged options and forgekit's `parse` under this key.
 */
const ENDPOINT_VIEW = Symbol.for("forgekit.endpointView");

type Parse = (options: EndpointOptions) => RequestOptions;
type View = (options: EndpointOptions, parse: Parse) => RequestOptions;

/** `parse`, or the view that the client class of `source` sets (which calls `parse`). */
export function viewed(source: HookSource, parse: Parse): Parse {
  const view = typeof source === "object" && (source.constructor as { [ENDPOINT_VIEW]?: View })[ENDPOINT_VIEW];
  return typeof view === "function" ? (options: EndpointOptions) => view(options, parse) : parse;
}
