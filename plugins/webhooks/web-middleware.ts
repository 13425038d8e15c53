import { deliver, MAX_BODY, pathOf, precheck, tooLarge, type Answer, type MiddlewareOptions } from "./middleware.js";
import type { Webhooks } from "./webhooks.js";

/** The body as text, or `undefined` once it passes {@link MAX_BODY} (the stream is cancelled there). */
async function readBody(request: Request): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) all.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
  return new TextDecoder().decode(all);
}

const respond = (answer: Answer) =>
  new Response(answer.body, { status: answer.status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * A fetch-style handler, `(Request) => Promise<Response>`, for Deno, Bun, Cloudflare Workers and
 * other runtimes with Web Crypto: the same answers as {@link createNodeMiddleware}, and a 404 for
 * other paths.
 *
 * @example
 * Deno.serve(createWebMiddleware(webhooks, { path: "/webhooks" }));
 */
export function createWebMiddleware(webhooks: Webhooks, options?: MiddlewareOptions) {
  const path = pathOf(options);
  return async (request: Request): Promise<Response> => {
    const pathname = new URL(request.url).pathname;
    if (pathname !== path) return respond({ status: 404, body: `Unknown route: ${request.method} ${pathname}\n` });
    const header = (name: string) => request.headers.get(name) ?? undefined;
    const early = precheck(request.method, header, path);
    if (early) return respond(early);
    const body = await readBody(request);
    if (body === undefined) return respond(tooLarge());
    return respond(await deliver(webhooks, header, body));
  };
}
