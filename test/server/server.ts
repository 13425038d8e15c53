import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createCatalog } from "./catalog.js";
import { formatReply } from "./formats.js";
import { withoutPaths } from "./versions.js";
import { checkApiVersion, checkAuth, checkBody, checkPermission, notFound, rateLimitExceeded } from "./checks.js";
import {
  baseHeaders,
  etagOf,
  header,
  matchesEtag,
  mediaType,
  PREFLIGHT_HEADERS,
  rateLimitHeaders,
  requestId,
} from "./github.js";
import { answerGraphql } from "./graphql.js";
import { graphqlLimited, graphqlUnauthenticated, isGraphqlPath } from "./graphql-checks.js";
import { loadFixture } from "./load.js";
import { MAX_PER_PAGE } from "./pagination.js";
import { createRateLimiter, resourceOf } from "./rate-limit.js";
import { createRouter } from "./router.js";
import type { MockHandler, MockReply, MockRequest, MockServer, MockServerOptions } from "./types.js";

interface Sent {
  status: number;
  headers: Record<string, string | number | readonly string[]>;
  body?: Buffer;
}

function checkOptions(options: MockServerOptions): void {
  const { port = 0, pageSize = 30, totalItems = 100 } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new TypeError(
      `startMockServer: port ${port} is not a port number. Pass an integer from 0 (any free port) to 65535.`,
    );
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PER_PAGE)
    throw new TypeError(
      `startMockServer: pageSize ${pageSize} is out of range. Pass an integer from 1 to ${MAX_PER_PAGE} (GitHub's maximum per_page).`,
    );
  if (!Number.isInteger(totalItems) || totalItems < 0)
    throw new TypeError(`startMockServer: totalItems ${totalItems} is not a count. Pass an integer ≥ 0.`);
}

/** Serialise a reply: objects as JSON, strings and buffers as they are. */
function serialise(reply: MockReply): Sent {
  const headers = { ...reply.headers };
  const { body } = reply;
  if (body === undefined) return { status: reply.status ?? 200, headers };
  const raw = typeof body === "string" && "content-type" in headers;
  if (!raw && !Buffer.isBuffer(body)) headers["content-type"] ??= "application/json; charset=utf-8";
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(raw ? (body as string) : JSON.stringify(body));
  return { status: reply.status ?? 200, headers, body: bytes };
}

/**
 * Start a local server that answers like api.github.com for every operation of GitHub's
 * OpenAPI description. See docs/testing.md.
 *
 * @example
 * const server = await startMockServer();
 * const client = new Client({ baseUrl: server.url });
 * const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world" });
 * await server.close();
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  checkOptions(options);
  const now = options.now ?? Date.now;
  const pages = { pageSize: options.pageSize ?? 30, totalItems: options.totalItems ?? 100 };
  const catalog = createCatalog(typeof options.fixture === "object" ? options.fixture : loadFixture(options.fixture));
  const limiter = createRateLimiter(now, options.rateLimit);
  let overrides = createRouter<{ route: string; reply: MockReply | MockHandler }>();

  async function answer(request: MockRequest, url: URL, address: string): Promise<Sent> {
    const apiVersion = header(request.headers, "x-github-api-version") ?? catalog.apiVersions[0] ?? "2022-11-28";
    const base = {
      ...baseHeaders(requestId(now()), apiVersion),
      "x-github-media-type": mediaType(header(request.headers, "accept")),
    };
    if (request.method === "OPTIONS") return { status: 204, headers: { ...base, ...PREFLIGHT_HEADERS } };
    const authorization = header(request.headers, "authorization");
    const caller = authorization ?? address;
    // GitHub Enterprise Server prefixes: a client pointed at `${url}/api/v3` (and its release
    // uploads at `${url}/api/uploads`) reaches the same operations.
    const path = request.path.replace(/^\/api\/(?:v3|uploads)(?=\/)/, "");
    const resource = resourceOf(path);
    const limits = () => rateLimitHeaders(limiter.peek(caller, Boolean(authorization), resource));
    const refused = checkApiVersion(request, catalog.apiVersions) ?? checkAuth(request, options);
    if (refused) return withHeaders(serialise(refused), base, limits());
    if (path.startsWith("/_download/"))
      return {
        status: 200,
        headers: { ...base, "content-type": "application/octet-stream" },
        body: Buffer.from(`forgekit mock archive of ${path.slice(10)}\n`),
      };

    const custom = overrides.match(request.method, path);
    const operation = custom ? undefined : catalog.match(request.method, path);
    const matched = custom ?? operation;
    if (matched)
      Object.assign(
        request,
        { route: matched.value.route, params: matched.params },
        operation && { operationId: operation.value.operationId },
      );
    const lacking = checkPermission(request, options);
    if (lacking) return withHeaders(serialise(lacking), base, limits());
    if (!custom && request.method === "POST" && isGraphqlPath(path)) {
      // GitHub's GraphQL API needs a credential, and counts against its own "graphql" budget.
      if (!authorization) return withHeaders(serialise(graphqlUnauthenticated()), base);
      if (limiter.peek(caller, true, "graphql").remaining === 0)
        return withHeaders(serialise(graphqlLimited()), base, limits());
      const answered = await answerGraphql(request.body, "octocat").catch((error: Error): MockReply => ({
        status: 500,
        body: { message: error.message },
      }));
      return withHeaders(serialise(answered), base, rateLimitHeaders(limiter.take(caller, true, "graphql")));
    }
    // What the requested REST API version no longer sends is left out (test/server/versions.ts).
    const dropped = operation?.value.extra.versions?.[apiVersion] ?? [];
    if (operation?.value.operationId === "rate-limit/get")
      return withHeaders(
        serialise({ body: withoutPaths(rateLimitBody(limiter.all(caller, Boolean(authorization))), dropped) }),
        base,
        limits(),
      );
    if (limiter.peek(caller, Boolean(authorization), resource).remaining === 0)
      return withHeaders(serialise(rateLimitExceeded(Boolean(authorization), address)), base, limits());
    let reply: MockReply = notFound();
    if (custom)
      reply = typeof custom.value.reply === "function" ? await custom.value.reply(request) : custom.value.reply;
    else if (operation) {
      reply = checkBody(request, operation.value) ?? catalog.reply(operation.value, url, pages);
      reply = formatReply(request, reply) ?? reply;
      if (dropped.length && reply.body !== undefined) reply = { ...reply, body: withoutPaths(reply.body, dropped) };
    }
    const sent = serialise(reply);
    if ((request.method === "GET" || request.method === "HEAD") && sent.status === 200 && sent.body) {
      const etag = etagOf(sent.body);
      sent.headers = {
        etag,
        "cache-control": `${authorization ? "private" : "public"}, max-age=60, s-maxage=60`,
        ...sent.headers,
      };
      // GitHub: a 304 does not count against the primary rate limit.
      if (matchesEtag(header(request.headers, "if-none-match"), etag))
        return withHeaders(
          { status: 304, headers: { etag, "cache-control": String(sent.headers["cache-control"]) } },
          base,
          limits(),
        );
    }
    return withHeaders(sent, base, rateLimitHeaders(limiter.take(caller, Boolean(authorization), resource)));
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      return; // the client went away mid-body
    }
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const method = (req.method ?? "GET").toUpperCase();
    const request: MockRequest = {
      method,
      url: req.url ?? "/",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
      params: {},
      status: 0,
    };
    let sent: Sent;
    try {
      sent = await answer(request, url, req.socket.remoteAddress ?? "127.0.0.1");
    } catch (error) {
      sent = serialise({
        status: 500,
        body: { message: `forgekit/testing: a respond() handler threw: ${(error as Error).message}` },
      });
    }
    request.status = sent.status;
    api.requests.push(request);
    res.writeHead(sent.status, { ...sent.headers, "content-length": sent.body?.length ?? 0 });
    res.end(method === "HEAD" ? undefined : sent.body);
  });
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;

  const api: MockServer = {
    url: `http://${host}:${port}`,
    port,
    operations: catalog.size,
    requests: [],
    respond(route, reply) {
      overrides.add(route, { route, reply });
    },
    reset() {
      api.requests.length = 0;
      limiter.reset();
      overrides = createRouter();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
  return api;
}

function withHeaders(sent: Sent, ...groups: Array<Record<string, string>>): Sent {
  return { ...sent, headers: Object.assign({}, ...groups, sent.headers) };
}

/** `GET /rate_limit` with the caller's live counters (it does not count itself, like GitHub's). */
function rateLimitBody(states: ReturnType<ReturnType<typeof createRateLimiter>["all"]>): unknown {
  const view = ({
    limit,
    remaining,
    reset,
    used,
  }: {
    limit: number;
    remaining: number;
    reset: number;
    used: number;
  }) => ({ limit, used, remaining, reset });
  return {
    resources: Object.fromEntries(Object.entries(states).map(([name, state]) => [name, view(state)])),
    rate: view(states.core),
  };
}
