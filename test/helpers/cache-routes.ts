// Loopback routes that behave like GitHub's conditional requests: an ETag (or Last-Modified)
// per representation, 304 when the validator matches, and rate-limit headers that count down
// on every response, so a test can tell a 304's fresh headers from the cached ones.
import { createHash } from "node:crypto";
import type { Handler, Recorded } from "./server.js";

/** A strong ETag over the representation, as GitHub sends: `"<hex>"`. */
export const etagOf = (body: unknown) => `"${createHash("sha1").update(JSON.stringify(body)).digest("hex")}"`;

/** A rate-limit budget whose `x-ratelimit-remaining` goes down by one per response. */
export function rateLimit(limit = 5000) {
  let remaining = limit;
  return () => ({
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(--remaining),
    "x-ratelimit-resource": "core",
  });
}

/** A route answering `body(req)` with its ETag, or 304 when `If-None-Match` names it. */
export function etagRoute(body: (req: Recorded) => unknown, headers = rateLimit()): Handler {
  return (req) => {
    const data = body(req);
    const etag = etagOf(data);
    if (req.headers["if-none-match"] === etag) return { status: 304, headers: { etag, ...headers() } };
    return { headers: { etag, "cache-control": "private, max-age=60", ...headers() }, body: data };
  };
}

/** A route with `Last-Modified` only, answering 304 when `If-Modified-Since` is not older. */
export function lastModifiedRoute(body: unknown, modified: Date, headers = rateLimit()): Handler {
  return (req) => {
    const since = req.headers["if-modified-since"];
    const lastModified = modified.toUTCString();
    if (typeof since === "string" && Date.parse(since) >= Date.parse(lastModified))
      return { status: 304, headers: headers() };
    return { headers: { "last-modified": lastModified, ...headers() }, body };
  };
}

/** A handler held until `release()`: requests stay in flight as long as the test wants. */
export function gate(inner: Handler) {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const handler: Handler = async (req, res, server) => {
    await opened;
    return inner(req, res, server);
  };
  return { handler, release: () => open() };
}

/** Resolve once `condition()` holds (checked every few ms), reject after `tries` checks. */
export async function until(condition: () => boolean, tries = 500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error("until: condition never held");
}
