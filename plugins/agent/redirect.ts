/**
 * Redirects for node-fetch 2, which forwards credentials to another port or from https
 * to http of the same host. We ask it for `redirect: "manual"` and follow here, with the
 * rules of the Fetch standard (HTTP-redirect fetch): credentials never cross origins,
 * 301/302/303 turn a non-GET into a body-less GET, 307/308 keep method and body.
 */

/** Fetch's own limit (Fetch standard, HTTP-redirect fetch step 5). */
export const MAX_REDIRECTS = 20;
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie"];

export interface Hop {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/** Whether `status` with a `location` is a redirect to follow. */
export function isRedirect(status: number, location: string | null): location is string {
  return location !== null && [301, 302, 303, 307, 308].includes(status);
}

/** The next request after a redirect response, or an error for a loop or an unreplayable body. */
export function nextHop(current: Hop, status: number, location: string, hops: number): Hop {
  if (hops > MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects (a loop?), last to ${location}`);
  const target = new URL(location, current.url);
  const headers = { ...current.init.headers };
  if (target.origin !== new URL(current.url).origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  const method = (current.init.method ?? "GET").toUpperCase();
  const keep = status === 307 || status === 308 || (status !== 303 && method !== "POST") || method === "HEAD";
  if (!keep || method === "GET") {
    delete headers["content-type"];
    delete headers["content-length"];
    return { url: target.href, init: { ...current.init, method: method === "HEAD" ? "HEAD" : "GET", body: null, headers } };
  }
  if (current.init.body && typeof (current.init.body as { pipe?: unknown }).pipe === "function") {
    throw new Error("redirected, but a stream body cannot be sent twice: pass a string, Blob or buffer");
  }
  return { url: target.href, init: { ...current.init, headers } };
}
