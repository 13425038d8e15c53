import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  parse,
  uploadsOrigin,
  VERSION,
  type EndpointOptions,
  type Fetch,
  type Plugin,
  type Send,
} from "../../kernel/index.js";
import { finish, graphqlOperation, spanName, startAttributes } from "./attributes.js";
import { otelConfig, type OtelPluginOptions } from "./options.js";
import { API_ONLY_HEADERS, originBound } from "./redirect.js";

export type { OtelOptions, OtelPluginOptions } from "./options.js";

/** `scheme://host[:port]` of an absolute URL, or `undefined`. */
const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : undefined);

/**
 * OpenTelemetry spans: one client span per request, around its retries and waits (add the
 * plugin last, or to a preset's `Client`, so it is the outermost hook), named and described
 * by the HTTP client semantic conventions plus GitHub's attributes (request id, rate limit,
 * operation id, retries and pauses as events, cache hits); GraphQL calls are named by their
 * operation. The trace context goes with requests to the API's own origins only. Needs
 * `@opentelemetry/api` (a peer dependency); without a registered SDK its spans cost a no-op.
 *
 * @example
 * import forgekit, { Client } from "forgekit";
 * import { otel } from "forgekit/plugins/otel";
 * const Traced = Client.plugin(otel);
 * const client = new Traced({ auth: process.env.GITHUB_TOKEN });
 * await client.repos.get({ owner: "octocat", repo: "Hello-World" }); // span "GET /repos/{owner}/{repo}"
 */
export const otel: Plugin<void, OtelPluginOptions> = (client, options) => {
  const config = otelConfig(options.otel);
  if (!config) return;
  const tracer = config.tracer ?? trace.getTracer("forgekit", VERSION);
  const { baseUrl } = client.options;
  const api = [originOf(baseUrl), originOf(uploadsOrigin(baseUrl))].filter((o): o is string => o !== undefined);
  client.hook.wrap("request", async (request: Send, options: EndpointOptions) => {
    const graphql = graphqlOperation(options);
    let url = options.url;
    try {
      url = parse(options).url;
    } catch {
      // The kernel refuses these options before sending; the span records that failure.
    }
    const span = tracer.startSpan(spanName(options, graphql), {
      kind: SpanKind.CLIENT,
      attributes: startAttributes(options, graphql, url),
    });
    const active = trace.setSpan(context.active(), span);
    const target = originOf(url);
    if (config.propagate && target !== undefined && api.includes(target)) inject(active, options, api);
    let response;
    try {
      response = await context.with(active, () => request(options));
    } catch (error) {
      finish(span, options, undefined, error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    }
    if (finish(span, options, response, undefined)) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    return response;
  });
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
otel.options = ["otel"];

/** Add the trace headers, and keep them from following a redirect to another origin. */
function inject(active: ReturnType<typeof context.active>, options: EndpointOptions, origins: string[]): void {
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  const names = Object.keys(carrier);
  if (!names.length) return;
  Object.assign(options.headers, carrier);
  const transport = options.request;
  if (transport.redirect === "manual") return;
  // Over the runtime's own fetch, the wrapper is marked with the header names: the agent
  // plugin still chooses the transport (node:http by default in Node, a proxy, a mock's
  // layer), and its transport drops these names at a redirect to another origin
  // (plugins/agent/index.ts). A caller's `request.fetch` is wrapped and used as it is.
  const given = transport.fetch;
  const bound = originBound((given ?? globalThis.fetch) as Fetch, names, origins);
  if (given === undefined) Object.defineProperty(bound, API_ONLY_HEADERS, { value: names });
  transport.fetch = bound;
}
