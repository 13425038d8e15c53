import { lowercaseHeaders } from "./merge.js";
import { checkTimeout } from "./route.js";
import { ParameterError } from "./errors.js";
import type { EndpointOptions, Log, RequestHeaders, RequestState, TransportOptions } from "./types.js";

// FORGEKIT_VERSION is package.json's version, which every esbuild call that compiles this file
// defines (build/files.mjs; test/helpers/ts-hooks.mjs for the tests), so that no build step
// rewrites a tracked file. (A fallback for undefined would cost the browser bundle a byte.)
declare const FORGEKIT_VERSION: string;

/** forgekit's version (package.json's). */
export const VERSION: string = FORGEKIT_VERSION;

/** Options of the bare kernel `Client`; plugins add their own (see `Client.plugin`). */
export interface ClientOptions {
  /** API root; a path prefix works, e.g. `https://ghe.example/api/v3`. Default `https://api.github.com`. */
  baseUrl?: string;
  /** Default headers for every request; names are lower-cased. */
  headers?: RequestHeaders;
  /**
   * An IANA time zone (e.g. `"Europe/Amsterdam"`) sent as the `time-zone` header on every
   * request, so GitHub reads commit timestamps without an offset in that zone.
   */
  timeZone?: string;
  /** Prepended to the default `forgekit/rest.js v<version>` user agent. */
  userAgent?: string;
  /** Milliseconds before a request fails with a `TimeoutError`; `0` (default) means none. */
  timeout?: number;
  /** Transport defaults: `fetch`, `signal`, `timeout`, and what plugins read there. */
  request?: TransportOptions;
  /** Where plugins log; missing methods default to no-op `debug`/`info` and console `warn`/`error`. */
  log?: Partial<Log>;
}

/** Options after defaults are applied, as `client.options` holds them. */
export interface ResolvedOptions extends ClientOptions {
  baseUrl: string;
  headers: Record<string, string>;
  log: Log;
  request: RequestState;
}

const USER_AGENT = `forgekit/rest.js v${VERSION}`;
const noop = () => {};
/**
 * Default log methods, shared by every client (no per-client bound functions); console is
 * looked up per call. Exported so a plugin can tell a caller's method from the default.
 */
export const LOG: Readonly<Log> = {
  debug: noop,
  info: noop,
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};

/** Apply the kernel's defaults to constructor options (the given object is not mutated). */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const headers = lowercaseHeaders(options.headers, {
    accept: "application/vnd.github.v3+json",
    // One string for every client without a `userAgent` of its own (heap per client).
    "user-agent": options.userAgent ? `${options.userAgent} ${USER_AGENT}` : USER_AGENT,
  });
  if (options.timeZone !== undefined) {
    if (typeof options.timeZone !== "string" || !options.timeZone)
      throw new ParameterError(
        `timeZone must be a time zone name such as "Europe/Amsterdam", got ${typeof options.timeZone}.`,
      );
    headers["time-zone"] ??= options.timeZone;
  }
  // `timeout` is shorthand for `request.timeout`, which wins.
  const request = { timeout: options.timeout, ...options.request } as RequestState;
  const log = { ...LOG, ...options.log };
  checkTimeout(options.timeout, "timeout");
  checkTimeout(options.request?.timeout, "request.timeout");
  return { ...options, baseUrl: checkBaseUrl(options.baseUrl), headers, request, log };
}

/** The request defaults a client starts from. */
export function requestDefaults(options: ResolvedOptions): EndpointOptions {
  return { method: "GET", url: "", baseUrl: options.baseUrl, headers: options.headers, request: options.request };
}

/** `request` options the kernel and its transports read. */
export const KERNEL_REQUEST_OPTIONS: readonly string[] = [
  "transport",
  "fetch",
  "signal",
  "timeout",
  "redirect",
  "maxBodyBytes",
  "parseSuccessResponseBody",
];

/** Top-level options the kernel itself reads (the `checkOptions` plugin knows them). */
export const KERNEL_OPTIONS: readonly string[] = [
  "baseUrl",
  "headers",
  "userAgent",
  "timeZone",
  "timeout",
  "request",
  "log",
];

/**
 * `baseUrl` as the kernel uses it: an http(s) URL without credentials, trailing slashes
 * removed. Anything else is a `ParameterError` before anything is sent; a credential in it
 * never appears in the message.
 */
function checkBaseUrl(value: unknown): string {
  if (value === undefined) return "https://api.github.com";
  let url: URL | undefined;
  try {
    if (typeof value === "string") url = new URL(value);
  } catch {}
  if (!url)
    throw new ParameterError(
      `baseUrl must be an absolute http(s) URL such as "https://api.github.com" or "https://ghe.example/api/v3", got ${typeof value !== "string" ? typeof value : value.includes("@") ? "a string that is not one" : JSON.stringify(value)}.`,
    );
  if (url.username || url.password) {
    url.username = url.password = "";
    throw new ParameterError(
      `baseUrl must not hold credentials ("user:[REDACTED]@…" in ${url.origin}): pass the token as the auth option instead.`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ParameterError(`baseUrl must use https: or http:, got ${JSON.stringify(url.protocol)}.`);
  return (value as string).replace(/\/+$/, "");
}
