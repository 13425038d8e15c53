import { AbortError, parse, type EndpointOptions, type RequestOptions, type RequestWait } from "../../kernel/index.js";

/**
 * Waiting, the one thing the engine does with time: a plain `setTimeout` (so fake timers
 * drive it), cancelled by the request's `signal`, and cleared on every path.
 */

/** The request as errors describe it (expanded URL; the error constructor redacts it). */
export function describeRequest(options: EndpointOptions): RequestOptions {
  try {
    return parse(options);
  } catch {
    return { method: options.method, url: options.url, headers: options.headers, request: options.request };
  }
}

/** The kernel's `AbortError` for a request cancelled while the engine held it back. */
export function abortError(options: EndpointOptions, waitingFor: string): AbortError {
  const request = describeRequest(options);
  const message = `${request.method} ${request.url} → aborted by the caller's signal while waiting ${waitingFor}`;
  return new AbortError(message, request, options.request.signal?.reason);
}

/**
 * Note a wait on `options.request.waits`, where any hook can read it (docs/observability.md):
 * a new array each time, never one shared through the client's defaults.
 */
export function recordWait(options: EndpointOptions, wait: RequestWait): void {
  options.request.waits = [...(options.request.waits ?? []), wait];
}

/** Resolve after `ms`, or reject with an `AbortError` as soon as the request's signal aborts. */
export function sleep(ms: number, options: EndpointOptions, waitingFor: string): Promise<void> {
  const signal = options.request.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(options, waitingFor));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(options, waitingFor));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
