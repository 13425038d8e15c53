import { PassThrough, pipeline, type Readable } from "node:stream";
import { constants, createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { IncomingMessage } from "node:http";
import { bodyBudget, returnBodyBytes, takeBodyBytes } from "../../kernel/index.js";

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
 * The whole body of `res`, decoded per `encoding` (its `content-encoding`); rejects on a reset mid-body, bad compressed data, or a
 * decoded size over `limit` (then decoding stops at once: see {@link tooLarge}).
 */
export function readBody(res: IncomingMessage, encoding: string | undefined, limit = Infinity): Promise<Buffer> {
  let taken = 0;
  // The bytes held count against the process's budget (kernel/body-budget.ts) until settled.
  const settled = () => void (returnBodyBytes(taken), (taken = 0));
  return new Promise<Buffer>((resolve, reject) => {
    // A body sent as it is (most are) needs no zlib stream, nor a pipeline.
    const decoder = encoding ? DECODERS[encoding.trim().toLowerCase()] : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    res.once("close", () => {
      if (!res.complete)
        reject(Object.assign(new Error("connection reset before the body was complete"), { code: "ECONNRESET" }));
    });
    const source: Readable = decoder
      ? (pipeline(res, decoder(), new PassThrough(), (error) => error && reject(error)) as unknown as Readable)
      : res;
    source.on("data", (chunk: Buffer) => {
      const within = (size += chunk.length) <= limit;
      if (within && takeBodyBytes(chunk.length)) return void ((taken += chunk.length), chunks.push(chunk));
      chunks.length = 0;
      reject(within ? tooLarge(res.statusCode!, bodyBudget().budget) : tooLarge(res.statusCode!));
      source.destroy();
      res.destroy();
    });
    source.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    source.once("error", reject);
  }).finally(settled);
}

/**
 * What the kernel's transport turns into a `ResponseTooLargeError` with the limit and the
 * option's name (kernel/transport.ts): the same error as over fetch.
 */
export const tooLarge = (status: number, budget?: number) =>
  Object.assign(new Error(budget ? "body over the process's budget" : "body over request.maxBodyBytes"), {
    name: "ResponseTooLargeError",
    status,
    budget,
  });
