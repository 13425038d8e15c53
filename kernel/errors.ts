import { addAuthorization, redact, redactData, redactHeaders } from "./redact.js";
import type { PermissionHint, RequestOptions, Response, ResponseHeaders } from "./types.js";

/**
 * Error identity that survives two copies of forgekit. A bundler's copy (dist/esm) and Node's
 * (dist/node) are different files, and an application can hold two installed versions: each copy defines its own `HttpError`, so the prototype chain
 * alone makes `instanceof` false across them. Every error therefore carries the names of its
 * classes under a registered symbol (one per agent, shared by every copy and realm), and
 * `instanceof` on a branded class also accepts a value branded with that class's name.
 */

/** The registered key: `Symbol.for` returns the same symbol in every copy and realm. */
export const BRAND: unique symbol = Symbol.for("forgekit.error");

type Branded = { [BRAND]?: unknown };

/** The brand names of `target` and the classes it extends (each class's own static brand). */
export function brandsOf(target: Function): string[] {
  const names: string[] = [];
  for (let c: unknown = target; typeof c === "function"; c = Object.getPrototypeOf(c))
    if (Object.hasOwn(c, BRAND) && typeof (c as Branded)[BRAND] === "string")
      names.push((c as Branded)[BRAND] as string);
  return names;
}

/**
 * `value instanceof cls`: the prototype chain, or the brand for a class that declares one of
 * its own. A user's subclass without a brand keeps plain `instanceof`, so it never matches
 * errors it did not make.
 */
export function isInstance(cls: Function, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(cls, value)) return true;
  if (typeof value !== "object" || value === null || !Object.hasOwn(cls, BRAND)) return false;
  const brands = (value as Branded)[BRAND];
  return Array.isArray(brands) && brands.includes((cls as Branded)[BRAND]);
}

/** What an error records about the request that caused it; credentials are redacted. */
export interface ErrorRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** `message` redacted, once the credentials `request` carries are known by value (a server may quote them). */
function redactFor(message: string, request: RequestOptions | undefined): string {
  addAuthorization(request?.headers?.authorization);
  addAuthorization(request?.headers?.["proxy-authorization"]);
  return redact(message);
}

/**
 * Base class of every error forgekit throws. `name` equals the class name, and `instanceof`
 * holds across copies of forgekit (the CommonJS and ESM builds, two installed versions):
 * each class has a brand, a registered symbol checked by `Symbol.hasInstance` (above).
 */
export class ForgeError extends Error {
  /** The brand `instanceof` checks; a subclass of your own without one keeps plain `instanceof`. */
  static readonly [BRAND]: string = "ForgeError";
  /** `instanceof` by prototype chain, or by brand across copies of forgekit. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
  // Literal names: minifiers rename classes.
  override name = "ForgeError";
  /** The request, with credentials redacted, when one was built. */
  declare request?: ErrorRequest;
  constructor(message: string, request?: RequestOptions, cause?: unknown) {
    super(redactFor(message, request), cause === undefined ? undefined : { cause });
    Object.defineProperty(this, BRAND, { value: brandsOf(new.target) });
    // A cause's text can hold the URL (node-fetch: "request to <url> failed"; undici: "Failed
    // to parse URL from <url>"): redact it in place, a few levels deep (causes may cycle).
    // Errors whose message cannot be set (DOMException) are left as they are.
    for (let c = cause as Error, depth = 0; c instanceof Error && depth++ < 4; c = c.cause as Error) {
      try {
        c.message = redact(c.message);
        c.stack = redact(c.stack!);
      } catch {}
    }
    if (request)
      this.request = { method: request.method, url: redact(request.url), headers: redactHeaders(request.headers) };
  }
}

/**
 * A response arrived with status ≥ 400, or 304 Not Modified (which an `error` hook can
 * answer from a cache).
 *
 * @example
 * try { await client.request("GET /repos/{owner}/{repo}", { owner, repo }) }
 * catch (error) { if (isHttpError(error) && error.status === 404) console.log(error.message) }
 */
export class HttpError extends ForgeError {
  static override readonly [BRAND]: string = "HttpError";
  override name = "HttpError";
  declare status: number;
  declare headers: ResponseHeaders;
  declare response: Response<unknown>;
  /** The request, credentials redacted: an HTTP error always has one. */
  declare request: ErrorRequest;
  /** GitHub's `x-github-request-id` (quote it to GitHub support); also at the end of the message. */
  declare requestId?: string;
  /** On a 403/404 whose headers say so: the permission or scope the call needs, and (classic tokens) what the token has. */
  declare permissions?: PermissionHint;
  /** GitHub's `errors` details of the response body (422 Validation Failed…), when it has them. */
  declare errors?: ReadonlyArray<string | { resource?: string; field?: string; code?: string; message?: string }>;
  /** GitHub's `documentation_url` of the response body, when it has one. */
  declare documentation_url?: string;
  constructor(message: string, request: RequestOptions, response: Response<unknown>) {
    const id = response.headers["x-github-request-id"];
    super(id ? `${message} [request id ${id}]` : message, request);
    if (id) this.requestId = redact(id);
    this.status = response.status;
    // A server may echo a credential in a header or the body (GitHub quotes bad tokens).
    this.headers = redactHeaders(response.headers);
    this.response = { ...response, url: redact(response.url), headers: this.headers, data: redactData(response.data) };
  }
}

/**
 * Octokit's name for the HTTP error, kept so ported `error instanceof RequestError` code
 * keeps its meaning: the same class as {@link HttpError} (its `name` is `"HttpError"`, as in
 * `@octokit/request-error`).
 */
export const RequestError = HttpError;
/** Octokit's name for {@link HttpError}. */
export type RequestError = HttpError;

/**
 * No complete response arrived (connection refused, reset, DNS…, or closed mid-body); the
 * original error is `cause`.
 */
export class NetworkError extends ForgeError {
  static override readonly [BRAND]: string = "NetworkError";
  override name = "NetworkError";
  /** Set only when the status line arrived before the connection closed mid-body. */
  declare status?: number;
}

/** The `timeout` (client or per call) elapsed before the response was complete. */
export class TimeoutError extends NetworkError {
  static override readonly [BRAND]: string = "TimeoutError";
  override name = "TimeoutError";
  /** The timeout that elapsed, in milliseconds. */
  declare timeout: number;
  constructor(message: string, request: RequestOptions, timeout: number) {
    super(message, request);
    this.timeout = timeout;
  }
}

/**
 * The response body, decoded, grew past `request.maxBodyBytes` (default 256 MiB), so reading
 * stopped there: a decompression bomb or a runaway body cannot exhaust memory. Not retried.
 */
export class ResponseTooLargeError extends NetworkError {
  static override readonly [BRAND]: string = "ResponseTooLargeError";
  override name = "ResponseTooLargeError";
  /** The limit in bytes that was reached. */
  declare limit: number;
  constructor(request: RequestOptions, status: number, limit: number) {
    super(
      `${request.method} ${request.url} → ${status}, body over request.maxBodyBytes (${limit} bytes): raise it, or stream with request.parseSuccessResponseBody: false`,
      request,
    );
    this.status = status;
    this.limit = limit;
  }
}

/** The caller's `signal` aborted the request; its reason is `cause`. */
export class AbortError extends NetworkError {
  static override readonly [BRAND]: string = "AbortError";
  override name = "AbortError";
}

/**
 * A programmer mistake caught before anything was sent: a missing or invalid parameter or
 * option, an unsafe path segment, a header value with CR/LF/NUL, a bad route. (Named
 * `RequestError` before 0.2; that name now means {@link HttpError}, as in Octokit.)
 */
export class ParameterError extends ForgeError {
  static override readonly [BRAND]: string = "ParameterError";
  override name = "ParameterError";
}

// The guards are `instanceof`, which reads the brand (above): they hold across
// copies of forgekit and agree with `instanceof` everywhere. An error that only shares a
// name (@octokit/request-error's `RequestError` is also named "HttpError") is not one.

/** Whether `e` is an {@link HttpError}, from this copy of forgekit or another. */
export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;
/** Whether `e` is a {@link NetworkError}, including {@link TimeoutError} and {@link AbortError}. */
export const isNetworkError = (e: unknown): e is NetworkError => e instanceof NetworkError;
/** Whether `e` is a {@link TimeoutError}. */
export const isTimeoutError = (e: unknown): e is TimeoutError => e instanceof TimeoutError;
/** Whether `e` is a {@link ParameterError}. */
export const isParameterError = (e: unknown): e is ParameterError => e instanceof ParameterError;
