import type { EndpointOptions } from "../../kernel/index.js";

/**
 * The rate-limit resource a request is expected to count against before GitHub says so
 * in `x-ratelimit-resource` (docs/errors-retries-rate-limits.md#primary-rate-limits): the
 * throttle checks that budget before sending. Unknown routes count against `core`.
 */
const RULES: Array<[RegExp, string, string?]> = [
  [/^(?:\/api)?\/graphql\b/, "graphql"],
  [/^\/search\/code\b/, "code_search"],
  [/^\/search\//, "search"],
  [/\/code-scanning\/sarifs$/, "code_scanning_upload", "POST"],
  [/^\/app-manifests\/[^/]+\/conversions$/, "integration_manifest", "POST"],
  [/\/dependency-graph\/snapshots$/, "dependency_snapshots", "POST"],
  [/\/audit-log$/, "audit_log"],
];

/** The path of a route template or absolute URL, without origin, GHES `/api/v3` prefix or query. */
function pathOf(url: string): string {
  return url
    .replace(/^[a-z][\w+.-]*:\/\/[^/]+/i, "")
    .replace(/^\/api\/v3(?=\/)/, "")
    .replace(/\{[?&][^}]*\}|[?#].*$/g, "");
}

/** Infer the resource of a request from its method and route. */
export function resourceOf(options: Pick<EndpointOptions, "method" | "url">): string {
  const path = pathOf(options.url);
  for (const [pattern, resource, method] of RULES)
    if ((!method || method === options.method) && pattern.test(path)) return resource;
  return "core";
}
