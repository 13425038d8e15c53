import { HttpError, ParameterError, ResponseTooLargeError } from "./errors.js";
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
  // Every byte held while reading counts against the process's budget (below),
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
        // An error body is parsed with the error's words (below), its depth bounded there.
        if (data && status < 400) data = JSON.parse(data as string);
      } catch (error) {
        invalidJson = error as Error;
      }
    } else if (!type || /^text\/|charset=|xml/i.test(type)) data = utf8(bytes);
    else data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  const response = { status, url: answer.url || request.url, headers, data };
  if (status >= 400 || status === 304 || invalidJson) {
    const words = describe.value ?? (await describe().catch(() => undefined));
    // Without its words (a chunk that did not download) an error body stays text.
    if (words && status >= 400 && data && typeof data === "string" && /json/i.test(type))
      try {
        response.data = data = words.parseBoundedJson(data);
      } catch (error) {
        invalidJson = error as Error;
      }
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

/**
 * One budget, for the whole process, of response-body bytes held while they are read (after
 * decoding): `request.maxBodyBytes` bounds one body, this bounds all of them together.
 * Concurrent decompression bombs each stopped at 256 MiB; 16 of them still reached 4.3 GB of
 * RSS. The kernel's body reader (`readBody` above, for every transport) takes
 * its bytes from here as they arrive and gives them back when the body is read or failed; a
 * body that would overdraw the budget fails at once with a `ResponseTooLargeError`, and its
 * bytes are freed. docs/security.md describes it.
 */

/** The default budget: two of the largest bodies `request.maxBodyBytes` allows at once. */
export const DEFAULT_BODY_BUDGET = 2 ** 29;

let budget = DEFAULT_BODY_BUDGET;
let held = 0;

/**
 * Set the process's budget of response-body bytes being read at once (default 512 MiB,
 * {@link DEFAULT_BODY_BUDGET}); `Infinity` lifts it. Affects every client in the process,
 * from the next chunk read. Returns the budget it replaced.
 *
 * @example
 * import { setBodyBudget } from "forgekit";
 * setBodyBudget(128 * 2 ** 20); // a small container: 128 MiB of bodies in flight at most
 */
export function setBodyBudget(bytes: number): number {
  if (!(typeof bytes === "number" && bytes > 0))
    throw new ParameterError(
      `setBodyBudget(bytes) needs a number of bytes above 0 (Infinity for no budget), not ${String(bytes)}`,
    );
  const before = budget;
  budget = bytes;
  return before;
}

/** The budget now, and the bytes held against it. */
export const bodyBudget = (): { budget: number; held: number } => ({ budget, held });

/** Take `bytes` from the budget: false (nothing taken) when that would overdraw it. */
export function takeBodyBytes(bytes: number): boolean {
  if (held + bytes > budget) return false;
  held += bytes;
  return true;
}

/** Give back `bytes` taken with {@link takeBodyBytes}. */
export function returnBodyBytes(bytes: number): void {
  held = Math.max(0, held - bytes);
}
