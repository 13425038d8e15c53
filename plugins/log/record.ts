import {
  isHttpError,
  learnCredentials,
  parse,
  redact,
  warnOnce,
  type EndpointOptions,
  type Log,
  type RateLimit,
  type RequestWait,
  type Response,
  type ResponseHeaders,
} from "../../kernel/index.js";
import { parseRateLimit } from "../policy/headers.js";

/**
 * What one request did, as plain data: the log plugin's lines and records, the otel plugin's
 * span attributes and the CLI's `--verbose` output are all made from it, so they agree (the
 * otel plugin imports it from here: CONTRIBUTING.md lists the modules plugins share).
 * Every string in it went through {@link redact}; no header but GitHub's request id and
 * rate limit is read, no body ever. The log plugin's warning for GitHub's deprecation
 * headers is here too (the end of this file), so that one chunk holds its lazily loaded code.
 */

/** One request as the log plugin records it (`logRequests: "record"`) and the CLI prints it. */
export interface RequestRecord {
  /** The readable line, in @octokit's form: `GET /repos/octocat/hello - 200 in 12ms`. */
  msg: string;
  method: string;
  /** The route template (`/repos/{owner}/{repo}`), or the URL when the call gave one. */
  route: string;
  /** The expanded URL. */
  url: string;
  /** The final status; absent when no response arrived. */
  status?: number;
  /** From the call to its outcome, waits and retries included. */
  durationMs: number;
  /** GitHub's `x-github-request-id`: what GitHub support asks for. */
  requestId?: string;
  /** GitHub's operation id (`repos/get`), for calls made through an endpoint method. */
  operation?: string;
  rateLimit?: RateLimit;
  /** Re-sends by the retry/throttle engine. */
  retries: number;
  /** Milliseconds spent waiting (backoff and rate-limit pauses). */
  waitedMs: number;
  /** `true` when the cache answered GitHub's 304 with its stored body. */
  cached?: boolean;
  /** The error's class when the call failed (`HttpError`, `NetworkError`, `RateLimitError`…). */
  error?: string;
}

/** `repos.listForOrg` (an endpoint method's name, kept by the endpoints plugin) → GitHub's `repos/list-for-org`. */
export function operationId(options: EndpointOptions): string | undefined {
  const name = options.request.operation;
  if (typeof name !== "string") return undefined;
  return name.replace(/\./, "/").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The expanded URL of `options`, or its template when it cannot be expanded. */
function urlOf(options: EndpointOptions): string {
  try {
    return parse(options).url;
  } catch {
    return options.url;
  }
}

/**
 * The record of a request that ended with `response` or `error` after `durationMs`; `options`
 * as the outermost hook saw them (the engine's `retryCount` and `waits` are on `options.request`).
 */
export function requestRecord(
  options: EndpointOptions,
  response: Response<unknown> | undefined,
  error: unknown,
  durationMs: number,
): RequestRecord {
  // A caller's own `authorization` header is known to no auth plugin: learn it before redacting.
  learnCredentials(options.headers);
  const answered = response ?? (isHttpError(error) ? error.response : undefined);
  const headers = answered?.headers ?? {};
  const url = redact(urlOf(options));
  const base = options.baseUrl.replace(/\/+$/, "");
  const path = url.startsWith(base) ? url.slice(base.length) || "/" : url;
  const status = answered?.status ?? (error as { status?: unknown } | undefined)?.status;
  const outcome = typeof status === "number" ? status : ((error as Error | undefined)?.name ?? "Error");
  const ms = Math.round(durationMs);
  const record: RequestRecord = {
    msg: `${options.method} ${path} - ${outcome} in ${ms}ms`,
    method: options.method,
    route: redact(options.url),
    url,
    durationMs: ms,
    retries: Number(options.request.retryCount ?? 0),
    waitedMs: 0,
  };
  if (typeof status === "number") record.status = status;
  const id = headers["x-github-request-id"];
  if (id !== undefined) record.requestId = redact(id);
  const operation = operationId(options);
  if (operation) record.operation = operation;
  const rateLimit = (answered as { rateLimit?: RateLimit } | undefined)?.rateLimit ?? parseRateLimit(headers);
  if (rateLimit) record.rateLimit = rateLimit;
  for (const wait of (options.request.waits ?? []) as readonly RequestWait[]) record.waitedMs += wait.ms;
  record.waitedMs = Math.round(record.waitedMs);
  if (options.request.cached === true) record.cached = true;
  if (error !== undefined && response === undefined) record.error = (error as Error)?.name ?? "Error";
  return record;
}

/** The route a deprecation is reported for: method and template (an absolute URL without its query). */
function routeOf(options: EndpointOptions): string {
  return `${options.method} ${redact(options.url.split("?")[0] as string)}`;
}

/**
 * GitHub announces a retired operation with `Deprecation` (RFC 9745) and `Sunset`
 * (RFC 8594) response headers: warn once per process per route.
 */
export function warnDeprecated(log: Log, headers: ResponseHeaders | undefined, options: EndpointOptions): void {
  const deprecation = headers?.deprecation;
  const sunset = headers?.sunset;
  if (!deprecation && !sunset) return;
  const route = routeOf(options);
  const details = [deprecation && `deprecation: ${deprecation}`, sunset && `sunset: ${sunset}`]
    .filter(Boolean)
    .join("; ");
  const what = deprecation ? "is deprecated" : "will be removed";
  warnOnce(
    log,
    `forgekit:deprecation:${route}`,
    `GitHub says ${route} ${what} (${redact(details)}). Move to its replacement: https://docs.github.com/rest`,
  );
}
