import { HttpError } from "./errors.js";
import type { RequestOptions, Response, ResponseHeaders } from "./types.js";

/** Turning a fetch Response into forgekit's `{ status, url, headers, data }`, or an error. */

const STATUS_TEXT: Record<number, string> = {
  304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 409: "Conflict", 410: "Gone", 415: "Unsupported Media Type",
  422: "Unprocessable Entity", 429: "Too Many Requests", 451: "Unavailable For Legal Reasons",
  500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
};

/** Response headers as a plain object with lower-cased names. */
export function plainHeaders(headers: globalThis.Headers): ResponseHeaders {
  const out: ResponseHeaders = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** Read the body as JSON, text or ArrayBuffer according to its content type. */
export async function decodeBody(response: globalThis.Response, method: string): Promise<unknown> {
  if (method === "HEAD" || response.status === 204 || response.status === 205 || response.status === 304) {
    await response.body?.cancel();
    return undefined;
  }
  const type = response.headers.get("content-type") ?? "";
  if (/json/i.test(type)) {
    const text = await response.text();
    if (!text) return text;
    try {
      return JSON.parse(text);
    } catch (cause) {
      return new InvalidJson(text, cause);
    }
  }
  if (!type || /^text\/|charset=|\+xml|\/xml/i.test(type)) return response.text();
  return response.arrayBuffer();
}

/** Marker for a body that claimed to be JSON but did not parse; kept as text. */
export class InvalidJson {
  constructor(readonly text: string, readonly cause: unknown) {}
}

interface GitHubErrorBody {
  message?: string;
  documentation_url?: string;
  errors?: Array<string | { message?: string; code?: string; field?: string; resource?: string }>;
}

function describeErrors(errors: GitHubErrorBody["errors"]): string {
  if (!Array.isArray(errors) || errors.length === 0) return "";
  const parts = errors.map((e) => (typeof e === "string" ? e : e.message ?? [e.code, e.field && `"${e.field}"`, e.resource && `on ${e.resource}`].filter(Boolean).join(" ")));
  return ` [${parts.join("; ")}]`;
}

/** `GET https://api.github.com/repos/o/r → 404 Not Found: Not Found (https://docs…) [errors]` */
export function httpErrorMessage(request: RequestOptions, status: number, statusText: string, data: unknown): string {
  let message = `${request.method} ${request.url} → ${status} ${statusText || STATUS_TEXT[status] || ""}`.trimEnd();
  if (data instanceof InvalidJson) return `${message}: the response body is not valid JSON (${(data.cause as Error).message})`;
  const body = (typeof data === "object" && data !== null ? data : {}) as GitHubErrorBody;
  const text = typeof data === "string" && data.length < 300 ? data.trim() : "";
  if (body.message || text) message += `: ${body.message ?? text}`;
  if (body.documentation_url) message += ` (${body.documentation_url})`;
  return message + describeErrors(body.errors);
}

/** Build the response object, or the {@link HttpError} for ≥ 400, 304 and bodies that are not the JSON they claim. */
export async function toResponse(fetched: globalThis.Response, request: RequestOptions): Promise<Response<unknown>> {
  const headers = plainHeaders(fetched.headers);
  const data = await decodeBody(fetched, request.method);
  const response = { status: fetched.status, url: fetched.url || request.url, headers, data };
  if (fetched.status >= 400 || fetched.status === 304 || data instanceof InvalidJson) {
    if (data instanceof InvalidJson) response.data = data.text;
    throw new HttpError(httpErrorMessage(request, fetched.status, fetched.statusText, data), request, response);
  }
  return response;
}
