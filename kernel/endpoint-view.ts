import type { HookSource } from "./hook.js";
import type { EndpointOptions, RequestOptions } from "./types.js";

/**
 * What `request.endpoint()` and `endpoint.parse()` return for a client class that asks for
 * another shape than the request options forgekit sends (the @octokit/rest drop-in returns
 * the body as the object, as @octokit/endpoint does: plugins/presets/octokit-endpoint.ts).
 * The class sets a function of the merged options and their parsed request under this key.
 */
const ENDPOINT_VIEW = Symbol.for("forgekit.endpointView");

type View = (options: EndpointOptions, parsed: RequestOptions) => RequestOptions;

/** `parse`, or `parse` then the view that the client class of `source` sets. */
export function viewed(source: HookSource, parse: (options: EndpointOptions) => RequestOptions) {
  const view = typeof source === "object" && (source.constructor as { [ENDPOINT_VIEW]?: View })[ENDPOINT_VIEW];
  return typeof view === "function" ? (options: EndpointOptions) => view(options, parse(options)) : parse;
}
