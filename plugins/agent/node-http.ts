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

/** The whole body of `res`, decoded per `encoding` (its `content-encoding`); rejects on a reset mid-body or bad compressed data. */
export async function readBody(res: IncomingMessage, encoding: string | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bodyStream(res, encoding)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
