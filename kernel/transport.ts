import { AbortError, ForgeError, NetworkError, RequestError, TimeoutError } from "./errors.js";
import { toResponse } from "./response.js";
import type { Fetch, RequestOptions, Response } from "./types.js";

/**
 * The only code that performs I/O: sends a parsed request with `fetch`, applies the
 * timeout and the caller's signal, follows redirects safely, and decodes the response.
 */

const MAX_REDIRECTS = 10;
/** Headers never forwarded to another origin (RFC 9110 §15.4; the Fetch standard's CORS-unsafe request headers). */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie"];
/** In a browser, the user agent follows redirects and strips credentials itself; `manual` there yields an opaque response. */
const FOLLOW_MANUALLY = typeof document === "undefined";

function nextRequest(request: RequestOptions, fetched: globalThis.Response, hops: number): RequestOptions {
  if (hops >= MAX_REDIRECTS) {
    throw new NetworkError(`${request.method} ${request.url} → more than ${MAX_REDIRECTS} redirects; the last one pointed to ${fetched.headers.get("location")}. Check for a redirect loop.`, request);
  }
  const target = new URL(fetched.headers.get("location") as string, request.url);
  const from = new URL(request.url);
  const headers = { ...request.headers };
  // Another origin (host, port or scheme, including https → http) never receives credentials.
  if (target.origin !== from.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  const keepMethod = fetched.status === 307 || fetched.status === 308 || request.method === "GET" || request.method === "HEAD";
  if (keepMethod && request.body instanceof ReadableStream) {
    throw new RequestError(`${request.method} ${request.url} was redirected to ${target.href} but its body is a stream that cannot be sent twice. Pass the body as a string, Blob or buffer.`, request);
  }
  if (!keepMethod) {
    delete headers["content-type"];
    delete headers["content-length"];
  }
  return { ...request, url: target.href, headers, method: keepMethod ? request.method : "GET", body: keepMethod ? request.body : undefined };
}

/** Send `request` and resolve to forgekit's response; rejects with a {@link ForgeError}. */
export async function send(request: RequestOptions): Promise<Response<unknown>> {
  const { signal, timeout = 0, redirect = "follow" } = request.request;
  const fetch: Fetch | undefined = request.request.fetch ?? globalThis.fetch;
  if (typeof fetch !== "function") throw new RequestError("No fetch implementation found. Pass one as the request.fetch option.", request);
  if (request.request.agent !== undefined && !request.request.fetch) {
    throw new RequestError("The agent option needs the agent transport. Add the plugin from forgekit/plugins/agent, or use the full preset.", request);
  }
  if (signal?.aborted) throw new AbortError(`${request.method} ${request.url} was aborted before it was sent.`, request, signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
  let current = request;
  try {
    for (let hops = 0; ; hops++) {
      const fetched = await fetch(current.url, {
        method: current.method,
        headers: current.headers,
        body: current.body ?? null,
        redirect: FOLLOW_MANUALLY || redirect === "manual" ? "manual" : "follow",
        signal: controller.signal,
        ...(current.body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
      const isRedirect = fetched.status >= 300 && fetched.status < 400 && fetched.status !== 304 && fetched.headers.has("location");
      if (!isRedirect || redirect === "manual" || !FOLLOW_MANUALLY) return await toResponse(fetched, current);
      await fetched.body?.cancel();
      current = nextRequest(current, fetched, hops + 1);
    }
  } catch (error) {
    if (error instanceof ForgeError) throw error;
    if (timedOut) throw new TimeoutError(`${current.method} ${current.url} → timed out after ${timeout} ms`, current, timeout);
    if (signal?.aborted) throw new AbortError(`${current.method} ${current.url} → aborted by the caller's signal`, current, signal.reason);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new NetworkError(`${current.method} ${current.url} → no response: ${detail}`, current, error);
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
