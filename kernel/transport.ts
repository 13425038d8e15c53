import { AbortError, ForgeError, NetworkError, ParameterError, TimeoutError } from "./errors.js";
import { MAX_BODY_BYTES, cancel, toResponse } from "./response.js";
import type { RequestOptions, RequestState, Response, ResponseHeaders } from "./types.js";

/**
 * What a transport is given: a request the kernel has prepared (URL expanded, headers
 * checked, body serialised). The transport sends it, follows redirects unless `redirect` is
 * `"manual"` (dropping credentials when the origin changes), and stops when `signal` aborts.
 */
export interface TransportRequest {
  method: string;
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** A string, bytes, Blob, FormData, URLSearchParams or web ReadableStream; `null` for none. */
  body: BodyInit | null;
  redirect: "follow" | "manual";
  /** Aborts on the request's `timeout` or the caller's `signal`. */
  signal: AbortSignal | undefined;
  /** The request's `request` options, for settings a transport of its own reads (e.g. an idle timeout). */
  options: RequestState;
}

/**
 * What a transport resolves to once the response's head arrived. The kernel reads the body,
 * counts its bytes against `request.maxBodyBytes` (stopping the stream past it) and turns a
 * rejection into a `NetworkError` naming the `code` of the error or of its `cause`.
 */
export interface TransportResponse {
  status: number;
  statusText?: string;
  /** The final URL after redirects; the request's when absent. */
  url?: string;
  /** Lower-case names, repeated fields joined with ", "; taken as `response.headers` as it is. */
  headers: ResponseHeaders;
  /** The body, decoded (no content-encoding left); `null` when there is none. */
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
}

/**
 * A transport: `request.transport` (client-wide or per call). The default sends with
 * `request.fetch` or `globalThis.fetch` ({@link fetchTransport}).
 *
 * @example
 * const transport: Transport = async ({ method, url, headers, body, redirect, signal }) => {
 *   const res = await fetch(url, { method, headers, body, redirect, signal });
 *   return { status: res.status, url: res.url, headers: Object.fromEntries(res.headers), body: res.body };
 * };
 */
export interface Transport {
  (request: TransportRequest): Promise<TransportResponse>;
  /**
   * Called when a request starts, before the hooks run, and when `request.defaults()` makes a
   * request function (endpoint methods are made on first use, just before their first call):
   * a transport that loads code or connects on first use starts it here, in parallel with the
   * hooks' and the method's own work.
   */
  prepare?(): void;
}

/** The default {@link Transport}: `request.fetch`, else `globalThis.fetch`. */
export const fetchTransport: Transport = async (request) => {
  const fetch = request.options.fetch ?? globalThis.fetch;
  if (typeof fetch !== "function") throw new ParameterError("No fetch: pass request.fetch or request.transport.");
  const { method, headers: sent, body: payload, redirect, signal } = request;
  // `duplex` is required for a stream body and harmless for any other.
  const init = { method, headers: sent, body: payload, redirect, signal, duplex: "half" };
  const fetched = await fetch(request.url, init as RequestInit);
  // A loop, not Object.fromEntries: a third of its time on undici's Headers (Node 20).
  const headers: ResponseHeaders = {};
  for (const [name, value] of fetched.headers) headers[name] = value;
  const { status, statusText, url, body } = fetched;
  return { status, statusText, url, headers, body: body as ReadableStream<Uint8Array> | null };
};

/** Statuses that redirect when a `location` comes with them (Fetch standard, "redirect status"). */
const REDIRECTS = [301, 302, 303, 307, 308];

/**
 * Send `request` with its transport and resolve to forgekit's response; rejects with a
 * {@link ForgeError}. The only code that performs I/O, through the transport.
 */
export async function transport(request: RequestOptions): Promise<Response<unknown>> {
  const options = request.request;
  const { signal, timeout, maxBodyBytes } = options;
  const what = `${request.method} ${request.url} →`;
  if (maxBodyBytes !== undefined && !(typeof maxBodyBytes === "number" && maxBodyBytes > 0))
    throw new ParameterError(`request.maxBodyBytes must be a number above 0, not ${maxBodyBytes}`, request);
  // A controller of our own only with a timeout or a caller's signal (~30 µs each in Node).
  // The caller's signal gets one listener per request, removed when it settles (kept for a
  // streamed body, which it must still abort): fetch leaves its own on a shared signal.
  let timedOut = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onAbort = () => controller!.abort(signal?.reason);
  if (timeout! > 0 || signal) {
    controller = new AbortController();
    signal?.aborted ? onAbort() : signal?.addEventListener("abort", onAbort);
    if (timeout! > 0) timer = setTimeout(() => ((timedOut = true), onAbort()), timeout);
  }
  let status: number | undefined;
  try {
    const answer = await (options.transport ?? fetchTransport)({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body ?? null,
      // "error" (fetch's third value): the transport returns the 3xx, refused below.
      redirect: options.redirect === "error" ? "manual" : (options.redirect ?? "follow"),
      signal: controller?.signal ?? signal,
      options,
    });
    status = answer.status;
    if (options.redirect === "error" && REDIRECTS.includes(status) && answer.headers.location !== undefined) {
      void cancel(answer.body);
      throw new NetworkError(
        `${what} ${status}, a redirect, refused: request.redirect is "error" (pass "follow" to follow it, "manual" to get the response)`,
        request,
      );
    }
    return await toResponse(answer, request, maxBodyBytes ?? MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof ForgeError) throw error;
    if (timedOut) throw new TimeoutError(`${what} timed out after ${timeout} ms`, request, timeout!);
    if (signal?.aborted) throw new AbortError(`${what} aborted by the caller's signal`, request, signal.reason);
    const cause = (error as { cause?: { code?: string; message?: string; advice?: string } }).cause;
    let detail = cause?.code ?? cause?.message ?? (error as Error).message;
    // Words a transport adds to its failure (e.g. naming a proxy that failed).
    if (typeof cause?.advice === "string") detail += cause.advice;
    // undici's words (the node:http transport uses the same) for more than 20 redirects.
    if (detail === "redirect count exceeded")
      detail += ` (a loop?): request.redirect "manual" returns the 3xx response`;
    if (status !== undefined) {
      const cut = new NetworkError(`${what} ${status}, then the connection closed mid-body: ${detail}`, request, error);
      cut.status = status;
      throw cut;
    }
    throw new NetworkError(`${what} no response: ${detail}`, request, error);
  } finally {
    clearTimeout(timer);
    if (options.parseSuccessResponseBody !== false) signal?.removeEventListener("abort", onAbort);
  }
}
