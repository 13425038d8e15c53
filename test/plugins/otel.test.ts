import { suite } from "uvu";
import * as assert from "uvu/assert";
import { context, propagation, trace, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { Client } from "../../plugins/presets/full.js";
import { Client as Kernel, type Plugin } from "../../kernel/index.js";
import { otel } from "../../plugins/otel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { Agent as HttpAgent } from "node:http";

const test = suite("plugins: otel (spans through the SDK's in-memory exporter)");
const TOKEN = "ghp_oteltesttoken0123456789abcdefghijklm";
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("test");
const Traced = Client.plugin(otel);
let api: TestServer;
let elsewhere: TestServer;
let hits = 0;

const make = (more: object = {}) =>
  new Traced({ baseUrl: api.url, auth: TOKEN, retry: { delay: 1, maxDelay: 1 }, otel: { tracer }, ...more });
const spans = () => exporter.getFinishedSpans();
const only = () => {
  const [span, ...rest] = spans();
  assert.is(rest.length, 0, `one span, got ${spans().length}`);
  return span!;
};

test.before(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  elsewhere = await startServer({ "GET /archive": { body: "bytes", headers: { "content-type": "text/plain" } } });
  api = await startServer({
    "GET /repos/octocat/hello": {
      headers: {
        "x-github-request-id": "0400:1B2C:3D4E",
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "4999",
        "x-ratelimit-reset": "1700000000",
        "x-ratelimit-used": "1",
        "x-ratelimit-resource": "core",
      },
      body: { full_name: "octocat/hello" },
    },
    "GET /flaky": () => (hits++ === 0 ? { status: 502, body: { message: "Bad Gateway" } } : { body: { ok: true } }),
    "GET /limited": () =>
      hits++ === 0
        ? {
            status: 403,
            headers: { "retry-after": "0" },
            body: { message: "You have exceeded a secondary rate limit." },
          }
        : { body: { ok: true } },
    "GET /exhausted": () => ({
      headers: {
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 1),
        "x-ratelimit-used": "5000",
        "x-ratelimit-resource": "core",
      },
      body: { ok: true },
    }),
    "GET /etag": (req) =>
      req.headers["if-none-match"] === '"v1"' ? { status: 304 } : { headers: { etag: '"v1"' }, body: { v: 1 } },
    "GET /items": (req) => {
      const page = Number(req.query.get("page") ?? 1);
      const next = page < 3 ? { link: `<${api.url}/items?page=${page + 1}>; rel="next"` } : {};
      return { headers: next, body: [{ page }] };
    },
    "POST /graphql": { body: { data: { viewer: { login: "octocat" } } } },
    "GET /download": { status: 302, headers: { location: `${elsewhere.url}/archive` } },
    "GET /moved": { status: 301, headers: { location: `/repos/octocat/hello` } },
    "GET /missing": { status: 404, body: { message: "Not Found" } },
    // Echoes the credential it received, as GitHub's "Bad credentials" answers and a hostile
    // server may: in the request id (which spans and records carry) and in a 401 body.
    "GET /echo": (req) => {
      const credential = String(req.headers.authorization).replace(/^\S+ /, "");
      return {
        status: 401,
        headers: { "x-github-request-id": credential },
        body: { message: `Bad credentials: ${credential}` },
      };
    },
  });
});
test.after(async () => {
  await Promise.all([api.close(), elsewhere.close()]);
  context.disable();
  propagation.disable();
});
test.before.each(() => {
  exporter.reset();
  hits = 0;
  api.requests.length = 0;
  elsewhere.requests.length = 0;
});

test("a plain call: one client span with the HTTP conventions and GitHub's attributes", async () => {
  await make().repos.get({ owner: "octocat", repo: "hello" });
  const span = only();
  assert.is(span.name, "GET /repos/{owner}/{repo}");
  assert.is(span.kind, SpanKind.CLIENT);
  assert.is(span.status.code, SpanStatusCode.UNSET);
  const port = Number(new URL(api.url).port);
  assert.equal(span.attributes, {
    "http.request.method": "GET",
    "url.full": `${api.url}/repos/octocat/hello`,
    "server.address": "127.0.0.1",
    "server.port": port,
    "url.template": "/repos/{owner}/{repo}",
    "http.response.status_code": 200,
    "github.operation_id": "repos/get",
    "github.request_id": "0400:1B2C:3D4E",
    "github.rate_limit.resource": "core",
    "github.rate_limit.limit": 5000,
    "github.rate_limit.remaining": 4999,
    "github.rate_limit.used": 1,
    "github.rate_limit.reset": 1700000000,
  });
  const sent = api.requests[0]!.headers.traceparent as string;
  assert.match(sent, new RegExp(`^00-${span.spanContext().traceId}-${span.spanContext().spanId}-01$`));
});

test("a retried 502: one span for both attempts, the retry as an event with the failed status", async () => {
  await make().request("GET /flaky");
  const span = only();
  assert.is(api.requests.length, 2);
  assert.is(span.attributes["http.response.status_code"], 200);
  assert.is(span.attributes["http.request.resend_count"], 1);
  assert.is(span.events.length, 1);
  assert.is(span.events[0]!.name, "github.retry");
  assert.is(span.events[0]!.attributes!["github.wait.kind"], "backoff");
  assert.is(span.events[0]!.attributes!["http.response.status_code"], 502);
  assert.is(span.status.code, SpanStatusCode.UNSET);
});

test("a secondary rate limit: the pause is an event of kind secondary, the wait an attribute", async () => {
  await make().request("GET /limited");
  const span = only();
  assert.is(api.requests.length, 2);
  assert.is(span.attributes["http.request.resend_count"], 1);
  const [event] = span.events;
  // `retry-after: 0`, read a moment after it arrived: no wait, never a negative one.
  assert.is(event!.attributes!["github.wait.ms"], 0);
  assert.is(span.attributes["github.throttle.wait_ms"], undefined, "no wait in total");
  assert.is(event!.name, "github.retry");
  assert.is(event!.attributes!["github.wait.kind"], "secondary");
  assert.is(event!.attributes!["http.response.status_code"], 403);
});

// The primary limit used up on a 200: the next request is held before it is sent.
test("a request held by a used-up primary limit: a github.pause event, the wait an attribute", async () => {
  const client = make();
  await client.request("GET /exhausted");
  await client.request("GET /repos/octocat/hello");
  const [first, held] = spans();
  assert.equal(first!.events, []);
  assert.equal(
    held!.events.map((e) => [e.name, e.attributes!["github.wait.kind"]]),
    [["github.pause", "primary"]],
  );
  const waited = held!.events[0]!.attributes!["github.wait.ms"] as number;
  assert.ok(waited > 0 && waited <= 2000, `${waited} ms`);
  assert.is(held!.attributes["github.throttle.wait_ms"], waited);
  assert.is(held!.attributes["http.request.resend_count"], undefined, "held, not re-sent");
});

test("a 304 answered from the cache: status 304 and github.cache.hit", async () => {
  const client = make({ cache: true });
  await client.request("GET /etag");
  const { data, status } = await client.request("GET /etag");
  assert.equal([status, data], [200, { v: 1 }]);
  const [first, second] = spans();
  assert.is(first!.attributes["github.cache.hit"], undefined);
  assert.is(second!.attributes["http.response.status_code"], 304);
  assert.is(second!.attributes["github.cache.hit"], true);
  assert.is(second!.status.code, SpanStatusCode.UNSET, "a 304 is no error");
});

test("paginate over 3 pages: 3 spans, all children of the caller's span", async () => {
  const client = make();
  const items = await tracer.startActiveSpan("sync", async (parent) => {
    try {
      return await client.paginate("GET /{list}", { list: "items" });
    } finally {
      parent.end();
    }
  });
  assert.is(items.length, 3);
  const all = spans();
  const parent = all.find((s) => s.name === "sync")!;
  const pages = all.filter((s) => s !== parent);
  assert.is(pages.length, 3);
  for (const page of pages) {
    assert.is(page.parentSpanContext?.spanId, parent.spanContext().spanId);
    assert.is(page.spanContext().traceId, parent.spanContext().traceId);
  }
  assert.equal(
    pages.map((s) => s.name),
    ["GET /{list}", "GET", "GET"],
    "next pages are full URLs: no template",
  );
});

test("a GraphQL query: a span named by its operation", async () => {
  await make().graphql(`query Viewer { viewer { login } }`);
  const span = only();
  assert.is(span.name, "query Viewer");
  assert.is(span.attributes["graphql.operation.type"], "query");
  assert.is(span.attributes["graphql.operation.name"], "Viewer");
  assert.is(span.attributes["http.request.method"], "POST");
});

test("a GraphQL answer with errors: 200 on the wire, the span fails as the call does", async () => {
  api.route("POST /graphql", { body: { data: null, errors: [{ type: "NOT_FOUND", message: "Could not resolve" }] } });
  try {
    await make()
      .graphql(`query Repo { repository(owner: "o", name: "nope") { id } }`)
      .catch(() => undefined);
  } finally {
    api.route("POST /graphql", { body: { data: { viewer: { login: "octocat" } } } });
  }
  const span = only();
  assert.is(span.attributes["http.response.status_code"], 200);
  assert.is(span.attributes["error.type"], "GraphqlResponseError");
  assert.is(span.status.code, SpanStatusCode.ERROR);
});

test("a cross-origin redirect: trace context and token go to the API, neither to the other origin", async () => {
  const { data } = await make().request("GET /download");
  assert.is(data, "bytes");
  assert.ok(api.requests[0]!.headers.traceparent, "the API got the trace context");
  assert.is(elsewhere.requests.length, 1);
  assert.is(elsewhere.requests[0]!.headers.traceparent, undefined);
  assert.is(elsewhere.requests[0]!.headers.authorization, undefined);
  assert.is(only().attributes["http.response.status_code"], 200);
});

// fetch (undici) sends `sec-fetch-mode`; node:http, the default transport in Node, does not.
test("trace context changes no transport: node:http, a proxy or a mock's layer is chosen as without it", async () => {
  await make().request("GET /repos/octocat/hello");
  await make({ otel: { tracer, propagate: false } }).request("GET /repos/octocat/hello");
  assert.equal(
    api.requests.map((r) => [Boolean(r.headers.traceparent), r.headers["sec-fetch-mode"]]),
    [
      [true, undefined],
      [false, undefined],
    ],
  );
});

// A propagator other than W3C's (B3, Jaeger, X-Ray) injects other names, in any case: each
// transport drops the names it injected, at the first hop to another origin.
test("any propagator's headers stay on the API's origin: node:http, an agent, a caller's fetch", async () => {
  const custom = {
    inject: (_: unknown, carrier: Record<string, string>) => void (carrier["X-Custom-Trace"] = "abc-123"),
    extract: (active: ReturnType<typeof context.active>) => active,
    fields: () => ["X-Custom-Trace"],
  };
  propagation.disable();
  propagation.setGlobalPropagator(custom);
  try {
    const transports = [
      {},
      { agent: new HttpAgent() },
      { fetch: (url: string, init: RequestInit) => fetch(url, init) },
    ];
    for (const request of transports) await make({ request }).request("GET /download");
  } finally {
    propagation.disable();
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  }
  assert.equal(
    api.requests.map((r) => [r.headers["x-custom-trace"], r.headers["sec-fetch-mode"]]),
    [
      ["abc-123", undefined],
      ["abc-123", undefined],
      ["abc-123", "cors"],
    ],
  );
  assert.equal(
    elsewhere.requests.map((r) => [r.path, r.headers["x-custom-trace"], r.headers.authorization]),
    Array(3).fill(["/archive", undefined, undefined]),
  );
});

test("a same-origin redirect keeps the trace context on every hop", async () => {
  await make().request("GET /moved");
  assert.equal(
    api.requests.map((r) => [r.path, Boolean(r.headers.traceparent)]),
    [
      ["/moved", true],
      ["/repos/octocat/hello", true],
    ],
  );
});

test("no trace context to another origin named in the call; propagate: false sends none at all", async () => {
  await make().request(`GET ${elsewhere.url}/archive`);
  assert.is(elsewhere.requests[0]!.headers.traceparent, undefined);
  await make({ otel: { tracer, propagate: false } }).request("GET /repos/octocat/hello");
  assert.is(api.requests[0]!.headers.traceparent, undefined);
});

test("a failed call: error.type is the status, the span status ERROR", async () => {
  await make()
    .request("GET /missing")
    .catch(() => undefined);
  const span = only();
  assert.is(span.attributes["error.type"], "404");
  assert.is(span.status.code, SpanStatusCode.ERROR);
});

// url.template and the span name carry a template only (the conventions' low cardinality).
test("a literal path given to request() has no template: the span is named by its method", async () => {
  const client = make();
  await client.request("GET /repos/octocat/hello");
  await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello" });
  await client.repos.get({ owner: "octocat", repo: "hello" });
  assert.equal(
    spans().map((s) => [s.name, s.attributes["url.template"], s.attributes["url.full"]]),
    [
      ["GET", undefined, `${api.url}/repos/octocat/hello`],
      ["GET /repos/{owner}/{repo}", "/repos/{owner}/{repo}", `${api.url}/repos/octocat/hello`],
      ["GET /repos/{owner}/{repo}", "/repos/{owner}/{repo}", `${api.url}/repos/octocat/hello`],
    ],
  );
});

test("a 304 without the cache rejects the call: error.type 304, the span status ERROR", async () => {
  const error = await make()
    .request("GET /etag", { headers: { "if-none-match": '"v1"' } })
    .catch((e: unknown) => e);
  assert.is((error as { status?: number }).status, 304);
  const span = only();
  assert.is(span.attributes["http.response.status_code"], 304);
  assert.is(span.attributes["error.type"], "304");
  assert.is(span.status.code, SpanStatusCode.ERROR);
});

test("no credential in any attribute or event, wherever the token was put", async () => {
  const client = make();
  await client.request("GET /repos/octocat/hello", { access_token: TOKEN });
  // Userinfo in the URL is refused before any hook (kernel/route.ts): no span for it.
  const refused = await client
    .request(`GET ${api.url.replace("//", `//user:${TOKEN}@`)}/missing`)
    .catch((e: Error) => e);
  assert.is((refused as Error).name, "ParameterError");
  assert.not.match(String(refused), TOKEN.slice(4));
  const text = JSON.stringify(spans().map((s) => [s.name, s.attributes, s.events]));
  assert.is(spans().length, 1);
  assert.not.match(text, TOKEN.slice(4));
  assert.match(text, "[REDACTED]");
});

test("a credential without a token shape, echoed back by the server, is in no attribute", async () => {
  for (const credential of [
    "0123456789abcdef0123456789abcdef01234567",
    "v1.0123456789abcdef0123456789abcdef01234567",
  ]) {
    exporter.reset();
    await make({ auth: credential, retry: false })
      .request("GET /echo")
      .catch(() => undefined);
    const span = only();
    assert.is(span.attributes["github.request_id"], "[REDACTED]", "the echoed value reached the span, redacted");
    assert.not.match(JSON.stringify([span.name, span.attributes, span.events]), credential.slice(-24));
  }
});

test("otel: false registers no hook; the global tracer is the default", async () => {
  const registered: unknown[] = [];
  // Records what any later plugin registers, through the public hook API only.
  const spy: Plugin<void> = (client) => {
    const wrap = client.hook.wrap;
    Object.defineProperty(client.hook, "wrap", {
      value: (...args: unknown[]) => (registered.push(args), (wrap as Function)(...args)),
    });
  };
  new (Kernel.plugin(spy, otel))({ baseUrl: api.url, otel: false });
  assert.is(registered.length, 0);
  new (Kernel.plugin(spy, otel))({ baseUrl: api.url, otel: { propagate: false } });
  assert.is(registered.length, 1, "the spy sees a registration when the plugin is on");
  trace.setGlobalTracerProvider(provider);
  try {
    const client = new (Kernel.plugin(otel))({ baseUrl: api.url });
    await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello" });
    assert.is(only().name, "GET /repos/{owner}/{repo}");
  } finally {
    trace.disable();
  }
});

test("bad options fail at construction", () => {
  const Plain = Kernel.plugin(otel);
  assert.throws(() => new Plain({ otel: { trace: true } as never }), /otel\.trace is not an option/);
  assert.throws(() => new Plain({ otel: { tracer: {} as never } }), /otel\.tracer must be an OpenTelemetry Tracer/);
  assert.throws(() => new Plain({ otel: "yes" as never }), /must be an object, true or false/);
});

test.run();
