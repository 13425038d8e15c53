import type { Webhooks } from "./webhooks.js";
import type { WebhookEventHandlerError } from "./types.js";

/**
 * What the Node and the web middleware share: which requests are deliveries, the body bound,
 * and the answer for a delivery. Answers follow @octokit/webhooks' middleware (status codes
 * and `ok` on success) so a port keeps its tests.
 */

/** GitHub caps webhook payloads at 25 MB ("Webhook events and payloads"); anything larger is not from it. */
export const MAX_BODY = 25 * 1024 * 1024;

/** `createNodeMiddleware` / `createWebMiddleware` options. */
export interface MiddlewareOptions {
  /** The path deliveries arrive at (default `/api/github/webhooks`, as @octokit/webhooks). */
  path?: string | undefined;
}

export interface Answer {
  status: number;
  body: string;
}

export const pathOf = (options: MiddlewareOptions | undefined) => options?.path ?? "/api/github/webhooks";

const REQUIRED = ["x-github-event", "x-hub-signature-256", "x-github-delivery"] as const;

/** Before the body is read: an answer when the request is not a delivery this middleware takes. */
export function precheck(
  method: string,
  header: (name: string) => string | undefined,
  path: string,
): Answer | undefined {
  if (method !== "POST") return { status: 404, body: `Unknown route: ${method} ${path}\n` };
  const type = header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return { status: 415, body: `Unsupported Media Type: set the webhook's content type to application/json\n` };
  const missing = REQUIRED.filter((name) => !header(name));
  if (missing.length) return { status: 400, body: `Required headers missing: ${missing.join(", ")}\n` };
  if (Number(header("content-length")) > MAX_BODY) return tooLarge();
  return undefined;
}

export const tooLarge = (): Answer => ({ status: 413, body: `Payload Too Large: over ${MAX_BODY} bytes\n` });

/** Verify, parse and run the handlers of one delivery; the answer tells GitHub how it went. */
export async function deliver(
  webhooks: Webhooks,
  header: (name: string) => string | undefined,
  body: string,
): Promise<Answer> {
  try {
    await webhooks.verifyAndReceive({
      id: header("x-github-delivery")!,
      name: header("x-github-event")!,
      payload: body,
      signature: header("x-hub-signature-256")!,
    });
    return { status: 200, body: "ok\n" };
  } catch (error) {
    const status = (error as WebhookEventHandlerError).status === 400 ? 400 : 500;
    // A handler's error message is the app's own; nothing of the request's secret is in it.
    return {
      status,
      body: `${status === 400 ? "Bad Request" : "Internal Server Error"}: ${(error as Error).message}\n`,
    };
  }
}
