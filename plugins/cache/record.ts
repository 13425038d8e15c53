import type { Response, ResponseHeaders } from "../../kernel/index.js";

/** One cached representation: validators, final URL, headers and the decoded body. */
export interface Entry {
  /** `etag` */
  e?: string;
  /** `last-modified` */
  m?: string;
  /** Final URL of the response. */
  u: string;
  h: ResponseHeaders;
  d: unknown;
}

/** What the store holds under one method + URL: variant → entry, oldest first. */
export type CacheRecord = Record<string, Entry>;

/** Variants kept per URL (accept × credential); rotating tokens push old ones out. */
const MAX_VARIANTS = 8;

/** Parse a stored record; anything unreadable (a foreign or corrupt value) is a miss. */
export function decode(text: string | null | undefined): CacheRecord | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const record: unknown = JSON.parse(text);
    return typeof record === "object" && record !== null && !Array.isArray(record)
      ? (record as CacheRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The usable entry of `variant` in `record`, if any. */
export function lookup(record: CacheRecord | undefined, variant: string): Entry | undefined {
  const entry = record?.[variant];
  return typeof entry === "object" &&
    entry !== null &&
    typeof entry.u === "string" &&
    typeof entry.h === "object" &&
    (entry.e || entry.m)
    ? entry
    : undefined;
}

/**
 * `record` with `variant` set to `entry` (moved last), unusable variants (garbage in the
 * store) and the oldest ones past the limit dropped.
 */
export function encode(record: CacheRecord | undefined, variant: string, entry: Entry): string {
  const next: CacheRecord = {};
  // A stored value is data: a "__proto__" variant (JSON.parse makes it a plain key) is dropped,
  // not assigned, which would replace `next`'s prototype.
  for (const name of Object.keys(record ?? {}))
    if (name !== variant && name !== "__proto__" && lookup(record, name)) next[name] = record![name]!;
  next[variant] = entry;
  const names = Object.keys(next);
  for (let i = 0; i < names.length - MAX_VARIANTS; i++) delete next[names[i] as string];
  return JSON.stringify(next);
}

/**
 * The entry to store for `response`, or `undefined` when it must not be cached: only a 200
 * with a validator, not `cache-control: no-store`, with a JSON or text body (an ArrayBuffer
 * does not survive JSON).
 */
export function entryOf(response: Response<unknown>): Entry | undefined {
  const { headers, data } = response;
  const etag = headers.etag;
  const modified = headers["last-modified"];
  if (response.status !== 200 || (!etag && !modified)) return undefined;
  if (/no-store/i.test(headers["cache-control"] ?? "") || data instanceof ArrayBuffer) return undefined;
  const entry: Entry = { u: response.url, h: headers, d: data };
  if (etag) entry.e = etag;
  if (modified) entry.m = modified;
  return entry;
}

/** Conditional headers for `entry`: `If-None-Match`, else `If-Modified-Since` (RFC 9110 §13.1.3: the first wins anyway). */
export function validators(entry: Entry): Record<string, string> {
  if (entry.e) return { "if-none-match": entry.e };
  return entry.m ? { "if-modified-since": entry.m } : {};
}

/**
 * The cached response standing in for a 304: status 200, the stored body, and the stored
 * headers updated with the 304's fresh ones (rate limits, date, a new etag), as an HTTP
 * cache updates a stored response (RFC 9111 §4.3.4). `content-length` stays the stored
 * body's: a 304 has no body of its own.
 */
export function answer(entry: Entry, fresh: ResponseHeaders): Response<unknown> {
  const headers = { ...entry.h, ...fresh };
  const length = entry.h["content-length"];
  if (length === undefined) delete headers["content-length"];
  else headers["content-length"] = length;
  return { status: 200, url: entry.u, headers, data: entry.d };
}

/** The entry after a 304: its validators and headers refreshed. */
export function refreshed(entry: Entry, fresh: ResponseHeaders): Entry {
  const next: Entry = { ...entry, h: answer(entry, fresh).headers };
  if (fresh.etag) next.e = fresh.etag;
  if (fresh["last-modified"]) next.m = fresh["last-modified"];
  return next;
}
