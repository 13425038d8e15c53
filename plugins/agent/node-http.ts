import { PassThrough, pipeline, type Readable } from "node:stream";
import { constants, createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { IncomingMessage } from "node:http";

/**
 * Reading a node:http response body for the agent transport: decoded per its
 * `content-encoding`, and rejected — never left pending — when the connection closes before
 * the body is complete (a reset mid-body, or a keep-alive socket the server dropped).
 */

/** Lenient like browsers: a truncated final block still yields its data. */
const GZIP = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI = { flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH };
// No prototype: a server's `content-encoding: constructor` (or `__proto__`) names no decoder.
const DECODERS: Record<string, (() => NodeJS.ReadWriteStream) | undefined> = Object.assign(Object.create(null), {
  gzip: () => createGunzip(GZIP),
  "x-gzip": () => createGunzip(GZIP),
  deflate: () => createInflate(GZIP),
  br: () => createBrotliDecompress(BROTLI),
});

/** What the transport asks for when the caller did not choose (fetch asks for the same). */
export const ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * The body of `res` as it arrives, decoded per `encoding` (its `content-encoding`, repeated
 * values joined); errors when the connection closes mid-body.
 */
export function bodyStream(res: IncomingMessage, encoding: string | undefined): Readable {
  const decoder = encoding ? DECODERS[encoding.trim().toLowerCase()] : undefined;
  if (!decoder) return res;
  return pipeline(res, decoder(), new PassThrough(), () => {}) as unknown as Readable;
}

/**
 * The body of `res` (decoded by `source`) as the kernel reads it, an async iterable of
 * chunks: read with events, lighter than a stream's own iterator, and rejected — never left
 * pending — when the connection closes before the body is complete. `return()` (the kernel
 * stopping early, past `request.maxBodyBytes`) destroys the response, so decoding stops too.
 */
export class BodyChunks implements AsyncIterableIterator<Buffer> {
  #queue: Buffer[] = [];
  #ended = false;
  #error: Error | undefined;
  #wake: (() => void) | undefined;
  constructor(
    readonly res: IncomingMessage,
    readonly source: Readable,
  ) {
    const wake = () => this.#wake?.();
    // `on`, not `once`: each fires once for a response, which is read once; no wrappers to make.
    source.on("data", (chunk: Buffer) => (this.#queue.push(chunk), wake()));
    source.on("end", () => ((this.#ended = true), wake()));
    source.on("error", (error: Error) => ((this.#error ??= error), wake()));
    res.on("close", () => {
      if (res.complete) return;
      this.#error ??= Object.assign(new Error("connection reset before the body was complete"), { code: "ECONNRESET" });
      wake();
    });
  }
  async next(): Promise<IteratorResult<Buffer>> {
    for (;;) {
      if (this.#queue.length) return { value: this.#queue.shift()!, done: false };
      if (this.#error) throw this.#error;
      if (this.#ended) return { value: undefined, done: true };
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
  async return(): Promise<IteratorResult<Buffer>> {
    this.#queue.length = 0;
    this.source.destroy();
    this.res.destroy();
    return { value: undefined, done: true };
  }
  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** The whole body of `res`, decoded per `encoding` (its `content-encoding`); rejects on a reset mid-body or bad compressed data. */
export async function readBody(res: IncomingMessage, encoding: string | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of new BodyChunks(res, bodyStream(res, encoding))) chunks.push(chunk);
  return Buffer.concat(chunks);
}
