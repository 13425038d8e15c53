import { HttpError } from "./errors.js";
import { lazy } from "./once.js";
import type { RequestOptions, Response, ResponseHeaders } from "./types.js";

/** Turning a fetch Response into forgekit's `{ status, url, headers, data }`, or an error. */

/** The error messages and GitHub's permission hints: only a failed call needs them. */
const describe = lazy(() => import("./http-error.js"));

/**
 * Read the body (JSON, text or ArrayBuffer by content type; none for HEAD, 204, 205, 304)
 * and build the response, or throw the {@link HttpError} for ≥ 400, 304, and a body that
 * is not the JSON its content type claims.
 */
export async function toResponse(fetched: globalThis.Response, request: RequestOptions): Promise<Response<unknown>> {
  const { status } = fetched;
  const type = fetched.headers.get("content-type") ?? "";
  let data: unknown;
  let invalidJson: Error | undefined;
  if (request.method === "HEAD" || [204, 205, 304].includes(status)) await fetched.body?.cancel();
  else if (/json/i.test(type)) {
    data = await fetched.text();
    try {
      if (data) data = JSON.parse(data as string);
    } catch (error) {
      invalidJson = error as Error;
    }
  } else data = !type || /^text\/|charset=|xml/i.test(type) ? await fetched.text() : await fetched.arrayBuffer();
  // A loop, not Object.fromEntries: a third of its time on undici's Headers (Node 20).
  const headers: ResponseHeaders = {};
  for (const [name, value] of fetched.headers) headers[name] = value;
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
