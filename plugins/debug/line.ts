import { isHttpError, redact, type EndpointOptions, type ResponseHeaders } from "../../kernel/index.js";

/**
 * The text of `forgekit:rest:request` lines. Only named fields are printed, each through
 * `redact`: never a header other than GitHub's request id and rate-limit remaining,
 * never a body, never an options object.
 */

/** `GET /repos/{owner}/{repo} https://api.github.com/repos/o/r` (`url`: the expanded URL). */
export function requestLine(options: EndpointOptions, url: string): string {
  return redact(options.url === url ? `${options.method} ${url}` : `${options.method} ${options.url} ${url}`);
}

/** `(request id 0400:1B2C:…, rate limit remaining 4999)` from GitHub's response headers. */
function meta(headers: ResponseHeaders | undefined): string {
  const id = headers?.["x-github-request-id"];
  const remaining = headers?.["x-ratelimit-remaining"];
  const parts = [id && `request id ${id}`, remaining !== undefined && `rate limit remaining ${remaining}`].filter(
    Boolean,
  );
  return parts.length ? ` (${redact(parts.join(", "))})` : "";
}

/** `GET /repos/{owner}/{repo} → 200 in 12 ms (request id …, rate limit remaining …)` */
export function responseLine(options: EndpointOptions, status: number, headers: ResponseHeaders, ms: number): string {
  return `${redact(`${options.method} ${options.url}`)} → ${status} in ${ms} ms${meta(headers)}`;
}

/** `GET /repos/{owner}/{repo} → 404 in 12 ms (…) HttpError: …` or `… → no response in 3 ms NetworkError: …` */
export function errorLine(options: EndpointOptions, error: unknown, ms: number): string {
  const route = redact(`${options.method} ${options.url}`);
  const name = (error as Error)?.name ?? "Error";
  const message = redact(String((error as Error)?.message ?? error));
  if (isHttpError(error)) return `${route} → ${error.status} in ${ms} ms${meta(error.headers)} ${name}: ${message}`;
  return `${route} → no response in ${ms} ms ${name}: ${message}`;
}
