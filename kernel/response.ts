import { HttpError, ResponseTooLargeError } from "./errors.js";
import { bodyBudget, returnBodyBytes, takeBodyBytes } from "./body-budget.js";
import { parseBoundedJson } from "./json-depth.js";
import { lazy } from "./once.js";
import type { TransportResponse } from "./transport.js";
import type { RequestOptions, Response } from "./types.js";

/** A transport's answer becomes forgekit's `{ status, url, headers, data }`, or an error. */

/** The error messages and GitHub's permission hints: only a failed call needs them. */
const describe = lazy(() => import("./http-error.js"));

/**
 * Default `request.maxBodyBytes`. GitHub's largest JSON answer is a 100 MB blob from the git
 * blobs API, about 138 MB as base64 in JSON; 256 MiB leaves room for it and stays well under
 * V8's longest string (about 512 MiB), past which decoding aborts the process.
 */
export const MAX_BODY_BYTES = 2 ** 28;

type Body = NonNullable<TransportResponse["body"]>;

/** Stop reading `body` (its connection closes). */
export function cancel(body: Body | null): Promise<unknown> | undefined {
  if (!body) return;
  const stop = "cancel" in body ? body.cancel() : body[Symbol.asyncIterator]().return?.();
  return stop?.catch(() => {});
}

/** `body` as a web stream, for a caller who reads it (`parseSuccessResponseBody: false`). */
function webStream(body: Body): ReadableStream<Uint8Array> {
  if ("getReader" in body) return body;
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      next.done ? controller.close() : controller.enqueue(next.value);
    },
    cancel: (reason) => void chunks.return?.(reason),
  });
}

const decoder = typeof TextDecoder === "function" ? new TextDecoder() : undefined;

/** UTF-8 text, a leading BOM dropped (as Response.text()); Node's Buffer where a test swapped the globals (jsdom). */
function utf8(bytes: Uint8Array): string {
  return decoder ? decoder.decode(bytes) : String(bytes).replace(/^\uFEFF/, "");
}

/**
 * The whole body, refused with a {@link ResponseTooLargeError} once over `limit` bytes: the
 * stream is stopped there, so a decompression bomb stops decoding.
 */
async function readBody(body: Body, request: RequestOptions, status: number, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Every byte held while reading counts against the process's budget (kernel/body-budget.ts),
  // whichever transport gave the body; it is given back once the body is read or failed.
  let taken = 0;
  const add = (chunk: Uint8Array) => {
    if ((size += chunk.byteLength) > limit) throw new ResponseTooLargeError(request, status, limit);
    if (!takeBodyBytes(chunk.byteLength)) throw new ResponseTooLargeError(request, status, bodyBudget().budget, true);
    taken += chunk.byteLength;
    chunks.push(chunk);
  };
  try {
    if ("getReader" in body) {
      const reader = body.getReader();
      try {
        for (let read; !(read = await reader.read()).done;) add(read.value);
      } catch (error) {
        void reader.cancel().catch(() => {});
        throw error;
      }
    } else for await (const chunk of body) add(chunk);
  } finally {
    returnBodyBytes(taken);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  for (let i = 0, at = 0; i < chunks.length; at += chunks[i++]!.byteLength) bytes.set(chunks[i]!, at);
  return bytes;
}

/**
 * Read the body (JSON, text or ArrayBuffer by content type; none for HEAD, 204, 205, 304;
 * a web ReadableStream with `request.parseSuccessResponseBody: false` below 400)
 * and build the response, or throw the {@link HttpError} for ≥ 400, 304, and a body that
 * is not the JSON its content type claims.
 */
export async function toResponse(
  answer: TransportResponse,
  request: RequestOptions,
  limit: number,
): Promise<Response<unknown>> {
  const { status, headers, body } = answer;
  const type = headers["content-type"] ?? "";
  let data: unknown;
  let invalidJson: Error | undefined;
  if (!body || request.method === "HEAD" || status === 204 || status === 205 || status === 304) await cancel(body);
  // Streamed: the caller reads (or cancels) the body; a failure's body is still read for its message.
  else if (status < 400 && request.request.parseSuccessResponseBody === false) data = webStream(body);
  else {
    const bytes = await readBody(body, request, status, limit);
    if (/json/i.test(type)) {
      data = utf8(bytes);
      try {
        // An error body's depth is bounded (kernel/json-depth.ts): its copy is made recursively.
        if (data) data = status >= 400 ? parseBoundedJson(data as string) : JSON.parse(data as string);
      } catch (error) {
        invalidJson = error as Error;
      }
    } else if (!type || /^text\/|charset=|xml/i.test(type)) data = utf8(bytes);
    else data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  const response = { status, url: answer.url || request.url, headers, data };
  if (status >= 400 || status === 304 || invalidJson) {
    const words = describe.value ?? (await describe().catch(() => undefined));
    const permissions = words?.permissionHint(status, response.headers);
    const error = new HttpError(
      words
        ? words.httpErrorMessage(request, status, answer.statusText ?? "", data, invalidJson, permissions)
        : // The module did not download (a flaky network): the status line; the next error loads it again.
          `${request.method} ${request.url} → ${status} ${answer.statusText ?? ""}`.trimEnd(),
      request,
      response,
    );
    if (permissions) error.permissions = permissions;
    words?.addDetails(error);
    throw error;
  }
  return response;
}
