import { redact, type EndpointOptions, type RequestWait, type Response } from "../../kernel/index.js";
import { requestRecord } from "../log/record.js";
import type { Attributes, Span } from "@opentelemetry/api";

/**
 * Span names and attributes: OpenTelemetry's HTTP client semantic conventions (method,
 * `url.full`, server address and port, status, `error.type`, `http.request.resend_count`)
 * and GitHub's own under `github.*` (docs/observability.md lists them). Every value comes
 * from the kernel's request record or through `redact`; no header but GitHub's request id
 * and rate limit is read, no body but a GraphQL document's operation name.
 */

const ABSOLUTE = /^https?:\/\//i;
/** The first operation of a GraphQL document and its name (the graphql plugin's rule, plugins/graphql/request.ts). */
const OPERATION = /^\s*(?:#[^\n]*\n\s*)*(query|mutation|subscription)?\s*([_A-Za-z]\w*)?/;

/** `{ type, name }` of a GraphQL call (`POST …/graphql` with a `query`), else `undefined`. */
export function graphqlOperation(options: EndpointOptions): { type: string; name?: string } | undefined {
  const data = options.data as { query?: unknown; operationName?: unknown } | undefined;
  if (options.method !== "POST" || typeof data?.query !== "string" || !/\/graphql$/.test(options.url)) return undefined;
  const [, type = "query", found] = OPERATION.exec(data.query) ?? [];
  const name = typeof data.operationName === "string" ? data.operationName : found;
  return name ? { type, name } : { type };
}

/**
 * The route template, low-cardinality as the conventions ask of `url.template` and span names:
 * a route with placeholders (`/repos/{owner}/{repo}`), or any route an endpoint method sent
 * (`/user`). A literal path given to `client.request` (`GET /repos/octocat/hello`) and a full
 * URL (a next page) have none: the same call shape with other values would be another name.
 */
function template(options: EndpointOptions): string | undefined {
  if (ABSOLUTE.test(options.url) || options.url.startsWith("{origin}")) return undefined;
  const path = options.url.split("?")[0]!;
  return path.includes("{") || options.request.operation !== undefined ? path : undefined;
}

/** `GET /repos/{owner}/{repo}` (method and route template), `GET` without a template, `query GetViewer` for GraphQL. */
export function spanName(options: EndpointOptions, graphql: ReturnType<typeof graphqlOperation>): string {
  if (graphql) return graphql.name ? `${graphql.type} ${graphql.name}` : graphql.type;
  const route = template(options);
  return route === undefined ? options.method : `${options.method} ${route}`;
}

/** What is known before sending: the request's attributes. */
export function startAttributes(
  options: EndpointOptions,
  graphql: ReturnType<typeof graphqlOperation>,
  url: string,
): Attributes {
  const attributes: Attributes = { "http.request.method": options.method, "url.full": redact(url) };
  try {
    const { hostname, port, protocol } = new URL(url);
    attributes["server.address"] = hostname.replace(/^\[|\]$/g, "");
    attributes["server.port"] = port ? Number(port) : protocol === "https:" ? 443 : 80;
  } catch {
    // `url` is the template when it did not expand: the kernel fails the request, the span says so.
  }
  const route = template(options);
  if (route !== undefined) attributes["url.template"] = route;
  if (graphql) {
    attributes["graphql.operation.type"] = graphql.type;
    if (graphql.name) attributes["graphql.operation.name"] = graphql.name;
  }
  return attributes;
}

/** A wait as a span event: `github.retry` when an attempt was sent before it, `github.pause` when not. */
function addWait(span: Span, wait: RequestWait): void {
  const attributes: Attributes = { "github.wait.kind": wait.kind, "github.wait.ms": Math.round(wait.ms) };
  if (wait.status !== undefined) attributes["http.response.status_code"] = wait.status;
  if (wait.error !== undefined) attributes["error.type"] = wait.error;
  span.addEvent(wait.sent ? "github.retry" : "github.pause", attributes, wait.at);
}

/** The outcome's attributes, events and status, from the kernel's request record; ends nothing. */
export function finish(span: Span, options: EndpointOptions, response: Response<unknown> | undefined, error: unknown) {
  const record = requestRecord(options, response, error, 0);
  const attributes: Attributes = {};
  // The cache answers only 304s: the wire said 304, the caller got the stored 200.
  const status = record.cached ? 304 : record.status;
  if (status !== undefined) attributes["http.response.status_code"] = status;
  // GitHub's GraphQL API answers a failed query with 200 and `errors`: the caller gets a
  // GraphqlResponseError (plugins/graphql/request.ts), so the span fails with it.
  const errors = (response?.data as { errors?: unknown } | null | undefined)?.errors;
  const graphqlFailed = Array.isArray(errors) && errors.length > 0 && graphqlOperation(options) !== undefined;
  // A 304 the cache completed is an answer; one without the cache rejects, as @octokit's does.
  const failed = (response === undefined && !record.cached) || graphqlFailed;
  if (graphqlFailed) attributes["error.type"] = "GraphqlResponseError";
  else if (failed) attributes["error.type"] = status !== undefined && status >= 300 ? String(status) : record.error;
  if (record.retries) attributes["http.request.resend_count"] = record.retries;
  if (record.operation) attributes["github.operation_id"] = record.operation;
  if (record.requestId) attributes["github.request_id"] = record.requestId;
  const limit = record.rateLimit;
  if (limit) {
    if (limit.resource !== undefined) attributes["github.rate_limit.resource"] = limit.resource;
    if (limit.limit !== undefined) attributes["github.rate_limit.limit"] = limit.limit;
    if (limit.remaining !== undefined) attributes["github.rate_limit.remaining"] = limit.remaining;
    if (limit.used !== undefined) attributes["github.rate_limit.used"] = limit.used;
    if (limit.reset !== undefined) attributes["github.rate_limit.reset"] = limit.reset;
  }
  if (record.waitedMs) attributes["github.throttle.wait_ms"] = record.waitedMs;
  if (record.cached) attributes["github.cache.hit"] = true;
  span.setAttributes(attributes);
  for (const wait of options.request.waits ?? []) addWait(span, wait);
  return failed;
}
