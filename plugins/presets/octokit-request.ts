import type { EndpointOptions } from "../../kernel/index.js";

/**
 * What the drop-in `Octokit` changes in a request's options before forgekit builds it, so
 * that it goes out as @octokit/endpoint sends it (test/octokit/request-shape.test.ts compares
 * with real @octokit/rest 22 on loopback). Run innermost, after the caller's hooks.
 */
export function asOctokitSends(options: EndpointOptions): void {
  emptySegments(options);
  octokitBody(options);
}

/** Names that are the request itself, not parameters. */
const OPTION_NAMES = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType"]);

/** The parameters a URL template does not use (`{owner}`, `{+path}`, `{?a,b}`, `:name`): the body's. */
export function bodyParameters(options: EndpointOptions): Record<string, unknown> {
  const inUrl = new Set<string>();
  const template = String(options.url ?? "").replace(/:([a-z]\w+)/g, "{$1}");
  for (const [, expression] of template.matchAll(/\{([^{}]+)\}/g))
    for (const part of expression!.replace(/^[+#./;?&=,!@|]/, "").split(",")) inUrl.add(part.replace(/(\*|:\d+)$/, ""));
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(options))
    if (!OPTION_NAMES.has(key) && !inUrl.has(key) && options[key] !== undefined) rest[key] = options[key];
  return rest;
}

const JSON_TYPE = "application/json; charset=utf-8";
/** The type fetch gives a string body (forgekit's Node transport gives none). */
const FETCH_TEXT_TYPE = "text/plain;charset=UTF-8";

/**
 * The body as @octokit/endpoint sends it: any body (`data` of any kind — a string, bytes — or
 * parameters left over) without a `content-type` gets JSON's, and a PATCH or PUT without one
 * sends `""` with the type fetch gives it, as @octokit's requests have. forgekit itself types
 * only the JSON bodies it makes. A `content-type` the caller gives is kept.
 */
function octokitBody(options: EndpointOptions): void {
  const method = String(options.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return;
  const headers = (options.headers ?? {}) as Record<string, string>;
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
  const type = (value: string) => {
    if (!typed) options.headers = { ...headers, "content-type": value };
  };
  if ("data" in options ? options.data !== undefined : Object.keys(bodyParameters(options)).length) type(JSON_TYPE);
  else if (method === "PATCH" || method === "PUT") {
    options.data = "";
    type(FETCH_TEXT_TYPE);
  }
}

/**
 * An empty value of a `{name}` path parameter, as @octokit/endpoint expands it: nothing, and a
 * slash before it at the end of the path is dropped (`GET /repos/{owner}/{repo}/contents/{path}`
 * with `path: ""` → `…/contents`, `{ owner: "" }` → `/repos//r`). forgekit() refuses such a
 * value instead (docs/migrating.md).
 */
function emptySegments(options: EndpointOptions): void {
  const { url } = options;
  if (typeof url !== "string" || !url.includes("{")) return;
  let changed = url;
  for (const [, name] of url.matchAll(/\{(\w+)\}/g))
    if (options[name!] === "") {
      changed = changed.replace(new RegExp(`/\\{${name}\\}(?=$|\\{\\?|\\?)|\\{${name}\\}`), "");
      options[name!] = undefined;
    }
  if (changed !== url) options.url = changed;
}
