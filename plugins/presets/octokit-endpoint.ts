import type { EndpointOptions, RequestOptions } from "../../kernel/index.js";
import { slashesAsGiven } from "./octokit-paths.js";

/**
 * `request.endpoint()` and `endpoint.parse()` of the drop-in `Octokit`, in @octokit/endpoint's
 * shape (test/octokit/endpoint-shape.test.ts compares them with @octokit/core's): forgekit's
 * own parse runs first (its checks, its URL, with a path's leading slash kept as
 * plugins/presets/octokit-paths.ts says), then the body is the object or `data` given,
 * not its JSON; a body without `content-type` gets JSON's; PATCH and PUT without one have
 * `""`; `mediaType.format` rewrites `accept`, and `mediaType.previews` does for GraphQL. Set
 * on the class under `Symbol.for("forgekit.endpointView")` (kernel/endpoint-view.ts).
 */
export function octokitEndpointView(
  options: EndpointOptions,
  parse: (options: EndpointOptions) => RequestOptions,
): RequestOptions {
  const route = slashesAsGiven(options);
  const parsed = parse(route === options.url ? options : { ...options, url: route });
  const { method, url, request } = parsed;
  const headers = { ...parsed.headers };
  const { format, previews } = (options.mediaType ?? {}) as { format?: string; previews?: readonly string[] };
  if (headers.accept !== undefined && !/application\/octet-stream/i.test(headers.accept)) {
    if (format)
      headers.accept = headers.accept
        .split(",")
        .map((type) => withFormat(type, format))
        .join(",");
    if (previews?.length && /\/graphql$/.test(url.split("?")[0]!)) {
      const named = headers.accept.match(/(?<![\w-])[\w-]+(?=-preview)/g) ?? [];
      const suffix = format ? `.${format}` : "+json";
      headers.accept = [...named, ...previews]
        .map((name) => `application/vnd.github.${name}-preview${suffix}`)
        .join(",");
    }
  }
  let body: unknown;
  if (method !== "GET" && method !== "HEAD") {
    const rest = bodyParameters(options);
    body = "data" in rest ? rest.data : Object.keys(rest).length ? rest : undefined;
    if (body !== undefined) headers["content-type"] ??= "application/json; charset=utf-8";
    else if (method === "PATCH" || method === "PUT") body = "";
  }
  return Object.assign(
    { method, url, headers },
    body === undefined ? null : { body: body as RequestOptions["body"] },
    request ? { request } : null,
  ) as RequestOptions;
}

/** Names that are the request itself, not parameters. */
const OPTION_NAMES = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType"]);

/** The parameters a URL template does not use (`{owner}`, `{+path}`, `{?a,b}`, `:name`): the body's. */
function bodyParameters(options: EndpointOptions): Record<string, unknown> {
  const inUrl = new Set<string>();
  const template = String(options.url ?? "").replace(/:([a-z]\w+)/g, "{$1}");
  for (const [, expression] of template.matchAll(/\{([^{}]+)\}/g))
    for (const part of expression!.replace(/^[+#./;?&=,!@|]/, "").split(",")) inUrl.add(part.replace(/(\*|:\d+)$/, ""));
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(options))
    if (!OPTION_NAMES.has(key) && !inUrl.has(key) && options[key] !== undefined) rest[key] = options[key];
  return rest;
}

/** `application/vnd.github[.v3][.x][+json]` asking for `format` instead: `application/vnd.github.v3.diff`. */
function withFormat(type: string, format: string): string {
  const match = /^(.*application\/vnd\.\w+)(\.v3)?(\.\w+)?(\+json)?$/.exec(type);
  return match ? `${match[1]}${match[2] ?? ""}.${format}` : type;
}
