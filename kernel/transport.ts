import { AbortError, ForgeError, NetworkError, ParameterError, ResponseTooLargeError, TimeoutError } from "./errors.js";
import { MAX_BODY_BYTES, toResponse } from "./response.js";
import type { RequestOptions, Response } from "./types.js";

/**
 * The only code that performs I/O: sends a parsed request with `fetch`, applies the
 * timeout and the caller's signal, and decodes the response. Redirects are followed by
 * fetch itself, which drops `authorization`, `proxy-authorization` and `cookie` when the
 * origin changes (Fetch standard, HTTP-redirect fetch step 13); the agent transport
 * (node:http) follows them itself with the same rule (plugins/agent/redirect.ts).
 */

/** Send `request` and resolve to forgekit's response; rejects with a {@link ForgeError}. */
export async function transport(request: RequestOptions): Promise<Response<unknown>> {
  const { signal, timeout, redirect, maxBodyBytes, fetch = globalThis.fetch } = request.request;
  const what = `${request.method} ${request.url} →`;
  if (typeof fetch !== "function") throw new ParameterError("No fetch: pass request.fetch.", request);
  if (request.request.agent !== undefined && !request.request.fetch) {
    throw new ParameterError("agent needs the agent plugin: add forgekit/plugins/agent.", request);
  }
  if (maxBodyBytes !== undefined && !(typeof maxBodyBytes === "number" && maxBodyBytes > 0))
    throw new ParameterError(`request.maxBodyBytes must be a number above 0, not ${maxBodyBytes}`, request);
  // A controller of our own when there is a timeout or a caller's signal (creating one costs
  // ~30 µs a request in Node). fetch keeps the listener it adds to the signal it is given
  // after the request settled (50 requests sharing one signal left 50 listeners on it), so a
  // signal reused over a long pagination would collect thousands: the caller's signal gets
  // one listener of ours per request, removed below when it settles (kept for a streamed
  // body, so that the caller's signal still aborts the download). An already-aborted
  // signal makes fetch reject before sending anything (Fetch standard, fetch() step 6).
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
    // `duplex` is required for a stream body and harmless for any other; `maxBodyBytes` is
    // for a transport that decodes bodies itself (plugins/agent/node-http.ts).
    const init = {
      maxBodyBytes: maxBodyBytes ?? MAX_BODY_BYTES,
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      redirect,
      signal: controller?.signal ?? signal,
      duplex: "half",
    };
    const fetched = await fetch(request.url, init as RequestInit);
    status = fetched.status;
    return await toResponse(fetched, request);
  } catch (error) {
    if (error instanceof ForgeError) throw error;
    // A transport that decodes bodies itself reached the limit (plugins/agent/node-http.ts).
    if ((error as Error).name === "ResponseTooLargeError") {
      const { status: at, budget } = error as { status: number; budget?: number };
      throw new ResponseTooLargeError(request, at, budget ?? maxBodyBytes ?? MAX_BODY_BYTES, budget !== undefined);
    }
    if (timedOut) throw new TimeoutError(`${what} timed out after ${timeout} ms`, request, timeout!);
    if (signal?.aborted) throw new AbortError(`${what} aborted by the caller's signal`, request, signal.reason);
    const cause = (error as { cause?: { code?: string; message?: string; advice?: string } }).cause;
    let detail = cause?.code ?? cause?.message ?? (error as Error).message;
    // Words a transport adds to its failure (plugins/agent/tunnel.ts names a failing proxy).
    if (typeof cause?.advice === "string") detail += cause.advice;
    // undici's words (the agent transport uses the same) for more than 20 redirects.
    if (detail === "redirect count exceeded")
      detail += ` (a loop?): request.redirect "manual" returns the 3xx response`;
    // The status line arrived and then the connection broke: say so, with the real status.
    if (status !== undefined) {
      const cut = new NetworkError(`${what} ${status}, then the connection closed mid-body: ${detail}`, request, error);
      cut.status = status;
      throw cut;
    }
    throw new NetworkError(`${what} no response: ${detail}`, request, error);
  } finally {
    clearTimeout(timer);
    if (request.request.parseSuccessResponseBody !== false) signal?.removeEventListener("abort", onAbort);
  }
}
