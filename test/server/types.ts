import type { IncomingHttpHeaders } from "node:http";

/**
 * The compact route table the mock server answers from, extracted from GitHub's OpenAPI
 * description by {@link buildFixture} and committed as `test/fixtures/github-api.json`.
 */
export interface Fixture {
  /** Where the table came from and how to regenerate it. */
  about: string;
  /** The `@octokit/openapi` package and version it was generated from. */
  source: { package: string; version: string };
  /** Values of `X-GitHub-Api-Version` the API accepts; the first is the default. */
  apiVersions: string[];
  /** One entry per operation, sorted by path then method. */
  routes: FixtureRoute[];
  /** Compacted response examples; a `{ "$shared": n }` object stands for `shared[n]`. */
  examples: unknown[];
  /** Sub-objects that several examples repeat (a user, a repository…), stored once. */
  shared: unknown[];
}

/** `["GET /repos/{owner}/{repo}", "repos/get", 200, <example index or null>, extra?]` */
export type FixtureRoute = [
  route: string,
  operationId: string,
  status: number,
  example: number | null,
  extra?: RouteExtra,
];

/** What a route needs beyond its status and example. */
export interface RouteExtra {
  /** A paginated list: `true` when the body is an array, else the property holding the items. */
  list?: true | string;
  /** The response's content type when it is not JSON (`text/html`, `application/octocat-stream`…). */
  type?: string;
  /** Top-level body properties a POST/PUT/PATCH must send (checked for a 422). */
  required?: string[];
  /** The `resource` named in a 422's `errors[]` (`Issue`, `Repository`…). */
  resource?: string;
  /** The operation's documentation URL, for its error bodies. */
  docs?: string;
  /**
   * Per later REST API version, the response properties that version no longer sends (paths,
   * `"*"` for any array item): left out when a request asks for it (test/server/versions.ts).
   */
  versions?: Record<string, string[][]>;
}

/** Rate-limit buckets, as GitHub names them in `x-ratelimit-resource`. */
export type RateLimitResource = "core" | "search" | "code_search" | "graphql";

/** Options of {@link startMockServer}; every one is optional. */
export interface MockServerOptions {
  /** Port to listen on; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Items per page when a list request sends no `per_page` (GitHub: 30). */
  pageSize?: number;
  /** How many items every list operation holds (default 100). */
  totalItems?: number;
  /** Answer 401 "Requires authentication" to requests without an `authorization` header. */
  requireAuth?: boolean;
  /** When given, only these tokens are valid: any other credential gets 401 "Bad credentials". */
  tokens?: readonly string[];
  /**
   * Requests per window for every caller (core, graphql: an hour; search, code_search: a minute).
   * Default: GitHub's, 5,000/30/10 for authenticated and 60/10/10 for anonymous callers;
   * graphql 5,000 (one point per query), authenticated callers only.
   */
  rateLimit?: Partial<Record<RateLimitResource, number>>;
  /** The clock, in milliseconds (default `Date.now`, so sinon fake timers apply). */
  now?: () => number;
  /** A fixture path or object to answer from instead of the bundled one. */
  fixture?: string | Fixture;
  /**
   * Calls a token may not make, answered as GitHub answers them: a fine-grained token (no
   * `scopes`) gets 403 "Resource not accessible by personal access token" with
   * `x-accepted-github-permissions`; a classic token (`scopes` given) gets 404 with
   * `x-accepted-oauth-scopes` and `x-oauth-scopes`.
   */
  denied?: readonly DeniedCall[];
}

/** One call a token lacks the permission for (see {@link MockServerOptions.denied}). */
export interface DeniedCall {
  /** The token (as sent after `token `/`Bearer `). */
  token: string;
  /** The operation's route, as the fixture names it: `"POST /repos/{owner}/{repo}/issues"`. */
  route: string;
  /** What the call needs: `"issues=write"` (fine-grained), or a scope such as `"repo"` (classic). */
  needs: string;
  /** Classic tokens: the scopes the token has. */
  scopes?: readonly string[];
}

/** One request the server received, in the order the responses were sent. */
export interface MockRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body (UTF-8). */
  body: string;
  /** The matched route template, e.g. `GET /repos/{owner}/{repo}`. */
  route?: string;
  /** The matched operation, e.g. `repos/get` (absent for a route added with `respond`). */
  operationId?: string;
  /** Path parameters taken from the URL, decoded. */
  params: Record<string, string>;
  /** The status the server answered with. */
  status: number;
}

/** A reply for {@link MockServer.respond}: objects are sent as JSON. */
export interface MockReply {
  status?: number;
  headers?: Record<string, string | number | readonly string[]>;
  body?: unknown;
}

/** Computes a reply from the request (path parameters in `request.params`). */
export type MockHandler = (request: MockRequest) => MockReply | Promise<MockReply>;

/** A running mock server, as {@link startMockServer} resolves it. */
export interface MockServer {
  /** `http://127.0.0.1:<port>`: pass it as the client's `baseUrl`. */
  url: string;
  port: number;
  /** Number of operations the server knows. */
  operations: number;
  /** Every request answered so far (cleared by `reset()`). */
  requests: MockRequest[];
  /**
   * Answer `"METHOD /path/{param}"` with `reply` instead of the description's example,
   * until `reset()`. The route may be one the description does not have.
   */
  respond(route: string, reply: MockReply | MockHandler): void;
  /** Forget recorded requests, rate-limit counters and `respond` overrides. */
  reset(): void;
  /** Stop listening and close open connections. */
  close(): Promise<void>;
}
