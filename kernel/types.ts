/** Public types shared by the kernel and plugins. */
import type { Transport } from "./transport.js";

/** `fetch` as forgekit calls it: the WHATWG signature, satisfied by any runtime's fetch. */
export type Fetch = (input: string, init: RequestInit) => Promise<globalThis.Response>;

/** Logger used by the client and its plugins (the `log` option). */
export interface Log {
  /** Detail for debugging; `{ namespace }` as the last argument picks the debug plugin's namespace. Default: silent. */
  debug: (message: string, ...extra: unknown[]) => void;
  /** Information. Default: silent. */
  info: (message: string, ...extra: unknown[]) => void;
  /** Something the caller should fix, e.g. a deprecation. Default: `console.warn`. */
  warn: (message: string, ...extra: unknown[]) => void;
  /** A failure. Default: `console.error`. */
  error: (message: string, ...extra: unknown[]) => void;
}

/**
 * Transport settings, per client (`options.request`) or per call (`params.request`). Closed: a
 * misspelt key (`timout`) is a type error. A plugin that reads a key of its own declares it by
 * merging into this interface (`declare module "forgekit/core" { interface TransportOptions { … } }`)
 * and lists it in `plugin.requestOptions`.
 */
export interface TransportOptions {
  /**
   * What sends the request (docs/transports-and-downloads.md): a function from the prepared
   * request to status, headers and body stream. Default: `fetch`.
   */
  transport?: Transport;
  /** A fetch implementation for the default transport; defaults to `globalThis.fetch`. */
  fetch?: Fetch;
  /** Aborts the request; the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Milliseconds before a `TimeoutError`; `0` means none. */
  timeout?: number;
  /**
   * Most bytes a buffered response body may have once decoded; past it the request fails
   * with a `ResponseTooLargeError`. Default 256 MiB (kernel/response.ts `MAX_BODY_BYTES`).
   */
  maxBodyBytes?: number;
  /**
   * `false`: a response below 400 (not 304) is not read: `data` is its body as a web
   * `ReadableStream` (none for HEAD, 204, 205), for downloads of any size. @octokit's name.
   */
  parseSuccessResponseBody?: boolean;
  /**
   * `"follow"` (default) follows redirects; `"manual"` returns the 3xx response with its
   * `location`; `"error"` (fetch's and @octokit's third value) fails with a `NetworkError`.
   */
  redirect?: "follow" | "manual" | "error";
}

/** `options.request` as hooks see it: the transport settings, and per-request state plugins keep there. */
export interface RequestState extends TransportOptions {
  /** Free-form per-request state for plugins. */
  [extension: string]: unknown;
}

/**
 * One wait of a request, as the retry/throttle engine records it on `options.request.waits`
 * (a new array each time, so any hook can read what happened: the log and otel plugins do).
 */
export interface RequestWait {
  /** `backoff` (a failure sent again), `retry-after`, or a `primary`/`secondary` rate limit. */
  kind: "backoff" | "retry-after" | "primary" | "secondary";
  /** When the wait started, epoch ms. */
  at: number;
  /** How long, in ms. */
  ms: number;
  /** Whether an attempt was sent before the wait: `false` for a pause known before sending. */
  sent: boolean;
  /** The failed attempt's status, when it got a response. */
  status?: number;
  /** The failed attempt's error class when it got none (`NetworkError`, `TimeoutError`). */
  error?: string;
}

/** Request headers: names are lower-cased by the client; `undefined` removes a default. */
export type RequestHeaders = Record<string, string | number | undefined>;

/** Response headers: a plain object with lower-cased names. */
export type ResponseHeaders = Record<string, string>;

/**
 * The rate-limit state a response (or an `HttpError`) carried, parsed from GitHub's
 * `x-ratelimit-*` headers by the retry/throttle engine (`response.rateLimit`); a field is
 * absent when its header was missing or not a number.
 */
export interface RateLimit {
  /** Requests allowed per window (`x-ratelimit-limit`). */
  limit?: number;
  /** Requests left in this window (`x-ratelimit-remaining`). */
  remaining?: number;
  /** When the window resets: epoch **seconds** on GitHub's clock (`x-ratelimit-reset`). */
  reset?: number;
  /** Requests used in this window (`x-ratelimit-used`). */
  used?: number;
  /** The budget the request counted against: `core`, `search`, `graphql`… (`x-ratelimit-resource`). */
  resource?: string;
}

/** What every request resolves to. */
export interface Response<T> {
  status: number;
  url: string;
  headers: ResponseHeaders;
  data: T;
}

/** Parameters every endpoint method and `request` call accept besides the operation's own. */
export interface CommonParameters {
  baseUrl?: string;
  headers?: RequestHeaders;
  request?: TransportOptions;
}

/** Parameters of an untyped `request` call: common ones plus anything the route takes. */
export interface RequestParameters extends CommonParameters {
  method?: string;
  url?: string;
  /** A raw body sent as is: string, Uint8Array, ArrayBuffer, Blob, ReadableStream or FormData. */
  data?: unknown;
  [parameter: string]: unknown;
}

/**
 * Request options merged with defaults, not yet expanded: what hooks receive and
 * `endpoint.merge()` returns. Hooks may change it in place.
 */
export interface EndpointOptions extends RequestParameters {
  method: string;
  url: string;
  baseUrl: string;
  headers: Record<string, string>;
  request: RequestState;
}

/** A fully expanded request, ready for the transport. */
export interface RequestOptions {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit | undefined;
  request: RequestState;
}

/**
 * A key-value store plugins share state through (the cache's entries, rate-limit pauses):
 * in memory by default, or shared between processes (e.g. Redis). Values are strings;
 * `ttl` is in milliseconds. Methods may be synchronous or return promises.
 */
export interface KeyValueStore {
  /** The value stored under `key`; `undefined` or `null` when there is none (or it expired). */
  get(key: string): string | undefined | null | Promise<string | undefined | null>;
  /** Store `value` under `key`, for `ttl` milliseconds when given. */
  set(key: string, value: string, ttl?: number): void | Promise<void>;
  /** Forget `key`. */
  delete(key: string): void | Promise<void>;
}

/**
 * What a refused call needs, from GitHub's headers: `x-accepted-github-permissions` for
 * fine-grained tokens and Apps (`needs: "issues=write"`), `x-accepted-oauth-scopes` and
 * `x-oauth-scopes` for classic tokens (`needs: "repo"`, `has: "read:org, gist"`).
 */
export interface PermissionHint {
  kind: "fine-grained" | "classic";
  /** As GitHub lists it: `issues=write`, or scopes separated by `, `. */
  needs: string;
  /** Classic tokens: the scopes the token has (`""` for none). */
  has?: string;
}
