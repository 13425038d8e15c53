import { AbortError, ForgeError, NetworkError, RequestError, TimeoutError } from "./errors.js";
import { toResponse } from "./response.js";
import type { Fetch, RequestOptions, Response } from "./types.js";

/**
 * The only code that performs I/O: sends a parsed request with `fetch`, applies the
 * timeout and the caller's signal, and decodes the response. Redirects are followed by
 * fetch itself, which drops `authorization`, `proxy-authorization` and `cookie` when the
 * origin changes (Fetch standard, HTTP-redirect fetch step 13); the agent transport,
 * whose node-fetch does not, follows them itself (plugins/agent/redirect.ts).
 */

/** Send `request` and resolve to forgekit's response; rejects with a {@link ForgeError}. */
export async function send(request: RequestOptions): Promise<Response<unknown>> {
  const { signal, timeout = 0, redirect = "follow" } = request.request;
  const fetch: Fetch | undefined = request.request.fetch ?? globalThis.fetch;
  if (typeof fetch !== "function") throw new RequestError("No fetch found: pass one as request.fetch.", request);
  if (request.request.agent !== undefined && !request.request.fetch) {
    throw new RequestError("The agent option needs the agent plugin (forgekit/plugins/agent).", request);
  }
  if (signal?.aborted) throw new AbortError(`${request.method} ${request.url} → aborted before sending`, request, signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
  try {
    const fetched = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      redirect,
      signal: controller.signal,
      ...(request.body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    return await toResponse(fetched, request);
  } catch (error) {
    if (error instanceof ForgeError) throw error;
    if (timedOut) throw new TimeoutError(`${request.method} ${request.url} → timed out after ${timeout} ms`, request, timeout);
    if (signal?.aborted) throw new AbortError(`${request.method} ${request.url} → aborted by the caller's signal`, request, signal.reason);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new NetworkError(`${request.method} ${request.url} → no response: ${detail}`, request, error);
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
