import { HttpError, ResponseTooLargeError } from "./errors.js";
import { bodyBudget, returnBodyBytes, takeBodyBytes } from "./body-budget.js";
import { parseBoundedJson } from "./json-depth.js";
import { lazy } from "./once.js";
import type { RequestOptions, Response, ResponseHeaders } from "./types.js";

/** Turning a fetch Response into forgekit's `{ status, url, headers, data }`, or an error. */

/** The error messages and GitHub's permission hints: only a failed call needs them. */
const describe = lazy(() => import("./http-error.js"));

/**
 * Default `request.maxBodyBytes`. GitHub's largest JSON answer is a 100 MB blob from the git
 * blobs API, about 138 MB as base64 in JSON; 256 MiB leaves room for it and stays well under
 * V8's longest string (about 512 MiB), past which decoding aborts the process.
 */
export const MAX_BODY_BYTES = 2 ** 28;

/**
 * The body as text or bytes, read chunk by chunk after decoding and refused with a
 * {@link ResponseTooLargeError} once over `limit` (a decompression bomb stops decoding there).
 * A body with no content-encoding and a content-length within the limit is read at once.
 */
async function readBody(fetched: globalThis.Response, request: RequestOptions, text: boolean, limit: number) {
  const length = fetched.headers.get("content-length");
  const body = fetched.body as ReadableStream<Uint8Array> | null;
  if (!body?.getReader) return text ? fetched.text() : fetched.arrayBuffer();
  // Every byte held while reading counts against the process's budget (kernel/body-budget.ts).
  let taken = 0;
  const take = (bytes: number) => {
    if (!takeBodyBytes(bytes)) {
      void body.cancel().catch(() => {});
      throw new ResponseTooLargeError(request, fetched.status, bodyBudget().budget, true);
    }
    taken += bytes;
  };
  try {
    if (length && +length <= limit && !fetched.headers.get("content-encoding")) {
      take(+length);
      return await (text ? fetched.text() : fetched.arrayBuffer());
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let read; !(read = await reader.read()).done; chunks.push(read.value)) {
      if ((size += read.value.byteLength) > limit) {
        void reader.cancel().catch(() => {});
        throw new ResponseTooLargeError(request, fetched.status, limit);
      }
      take(read.value.byteLength);
    }
    const bytes = new Uint8Array(size);
    for (let i = 0, at = 0; i < chunks.length; at += chunks[i++]!.byteLength) bytes.set(chunks[i]!, at);
    return text ? new TextDecoder().decode(bytes) : bytes.buffer;
  } finally {
    returnBodyBytes(taken);
  }
}

/**
 * Read the body (JSON, text or ArrayBuffer by content type; none for HEAD, 204, 205, 304;
 * a web ReadableStream with `request.parseSuccessResponseBody: false` below 400)
 * and build the response, or throw the {@link HttpError} for ≥ 400, 304, and a body that
 * is not the JSON its content type claims.
 */
export async function toResponse(fetched: globalThis.Response, request: RequestOptions): Promise<Response<unknown>> {
  const { status } = fetched;
  const type = fetched.headers.get("content-type") ?? "";
  const limit = request.request.maxBodyBytes ?? MAX_BODY_BYTES;
  let data: unknown;
  let invalidJson: Error | undefined;
  if (request.method === "HEAD" || [204, 205, 304].includes(status)) await fetched.body?.cancel();
  // Streamed: the caller reads (or cancels) the body; a failure's body is still read for its message.
  else if (status < 400 && request.request.parseSuccessResponseBody === false) data = fetched.body;
  else if (/json/i.test(type)) {
    data = await readBody(fetched, request, true, limit);
    try {
      // An error body's depth is bounded (kernel/json-depth.ts): its copy is made recursively.
      if (data) data = status >= 400 || status === 304 ? parseBoundedJson(data as string) : JSON.parse(data as string);
    } catch (error) {
      invalidJson = error as Error;
    }
  } else data = await readBody(fetched, request, !type || /^text\/|charset=|xml/i.test(type), limit);
  // A transport that holds the fields already (plugins/agent/fetch.ts) gives them in an
  // object of their own, sorted like fetch's Headers; else a loop, not Object.fromEntries:
  // a third of its time on undici's Headers (Node 20).
  const given = fetched.headers as globalThis.Headers & { sorted?(): ResponseHeaders };
  let headers: ResponseHeaders;
  if (given.sorted) headers = given.sorted();
  else {
    headers = {};
    for (const [name, value] of given) headers[name] = value;
  }
  const response = { status, url: fetched.url || request.url, headers, data };
  if (status >= 400 || status === 304 || invalidJson) {
    const words = describe.value ?? (await describe().catch(() => undefined));
    const permissions = words?.permissionHint(status, response.headers);
    const error = new HttpError(
      words
        ? words.httpErrorMessage(request, status, fetched.statusText, data, invalidJson, permissions)
        : // The module did not download (a flaky network): the status line; the next error loads it again.
          `${request.method} ${request.url} → ${status} ${fetched.statusText}`.trimEnd(),
      request,
      response,
    );
    if (permissions) error.permissions = permissions;
    words?.addDetails(error);
    throw error;
  }
  return response;
}
