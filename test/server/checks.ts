import { errorBody, header } from "./github.js";
import type { Operation } from "./catalog.js";
import type { MockReply, MockRequest, MockServerOptions } from "./types.js";

// Checks GitHub makes before answering, each returning the error reply or undefined.

const RATE_LIMIT_DOCS = "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api";

/** The token of `token X` / `Bearer X`, or the whole header (Basic). */
function credential(authorization: string): string {
  return /^(?:token|bearer)\s+(.+)$/i.exec(authorization)?.[1] ?? authorization;
}

/** A supported `X-GitHub-Api-Version`, else 400 (GitHub refuses versions it does not know). */
export function checkApiVersion(request: MockRequest, supported: readonly string[]): MockReply | undefined {
  const asked = header(request.headers, "x-github-api-version");
  if (asked === undefined || supported.includes(asked)) return undefined;
  return {
    status: 400,
    body: errorBody(
      400,
      `Invalid X-GitHub-Api-Version header "${asked}". Supported versions: ${supported.join(", ")}.`,
      "https://docs.github.com/rest/about-the-rest-api/api-versions",
    ),
  };
}

/** 401 when authentication is required and missing, or a credential is not one of `tokens`. */
export function checkAuth(request: MockRequest, options: MockServerOptions): MockReply | undefined {
  const authorization = header(request.headers, "authorization");
  if (!authorization)
    return options.requireAuth ? { status: 401, body: errorBody(401, "Requires authentication") } : undefined;
  if (options.tokens && !options.tokens.includes(credential(authorization)))
    return { status: 401, body: errorBody(401, "Bad credentials") };
  return undefined;
}

/** GitHub's answer to a call the token lacks the permission (or scope) for, from `options.denied`. */
export function checkPermission(request: MockRequest, options: MockServerOptions): MockReply | undefined {
  const authorization = header(request.headers, "authorization");
  if (!authorization || !options.denied || !request.route) return undefined;
  const token = credential(authorization);
  const denied = options.denied.find((d) => d.token === token && d.route === request.route);
  if (!denied) return undefined;
  if (!denied.scopes)
    return {
      status: 403,
      headers: { "x-accepted-github-permissions": denied.needs },
      body: errorBody(403, "Resource not accessible by personal access token"),
    };
  return {
    status: 404,
    headers: { "x-accepted-oauth-scopes": denied.needs, "x-oauth-scopes": denied.scopes.join(", ") },
    body: errorBody(404, "Not Found"),
  };
}

/** 403 once the caller's window is used up (GitHub: 403 or 429 with x-ratelimit-remaining: 0). */
export function rateLimitExceeded(authenticated: boolean, address: string): MockReply {
  const who = authenticated ? "this credential" : address;
  return { status: 403, body: errorBody(403, `API rate limit exceeded for ${who}.`, RATE_LIMIT_DOCS) };
}

/** 400 for a body that is not JSON, 422 for missing required properties of the body. */
export function checkBody(request: MockRequest, operation: Operation): MockReply | undefined {
  const required = operation.extra.required;
  if (!required || !["POST", "PUT", "PATCH"].includes(request.method)) return undefined;
  const docs = operation.extra.docs;
  let body: unknown;
  try {
    body = request.body === "" ? {} : JSON.parse(request.body);
  } catch {
    return { status: 400, body: errorBody(400, "Problems parsing JSON", docs) };
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    return { status: 400, body: errorBody(400, "Problems parsing JSON", docs) };
  const missing = required.filter((field) => !(field in body));
  if (!missing.length) return undefined;
  const resource = operation.extra.resource ?? "Resource";
  const errors = missing.map((field) => ({ resource, code: "missing_field", field }));
  return { status: 422, body: errorBody(422, "Validation Failed", docs, errors) };
}

/** A stable `requests[]` record for a request that matched nothing. */
export function notFound(): MockReply {
  return { status: 404, body: errorBody(404, "Not Found") };
}
