import { sign } from "../../plugins/webhooks/signature.js";

/** What {@link deliverWebhook} sends: a delivery as GitHub makes it. */
export interface WebhookDeliveryOptions {
  /** The `X-GitHub-Event` name, e.g. `"issues"`. */
  name: string;
  /** The payload: an object is sent as JSON (GitHub's bytes are its own; these are `JSON.stringify`'s). */
  payload: unknown;
  /** The secret the receiver verifies with; the signature is `X-Hub-Signature-256`. */
  secret: string;
  /** The `X-GitHub-Delivery` id (default: a random UUID). */
  id?: string | undefined;
  /** The path a handler `target` is called with (default `/api/github/webhooks`, the middleware's). */
  path?: string | undefined;
  /** Headers to add or override, e.g. a wrong signature to test a refusal. */
  headers?: Record<string, string> | undefined;
}

/** The receiver's answer. */
export interface WebhookDeliveryResult {
  status: number;
  body: string;
  /** The delivery id and signature that were sent. */
  id: string;
  signature: string;
}

/**
 * Deliver a signed webhook as GitHub does: a POST with `X-GitHub-Event`, `X-GitHub-Delivery`,
 * `X-Hub-Signature-256` and a Hookshot user agent, to `target`: a URL (a
 * `node:http` server running `createNodeMiddleware`) or a fetch-style handler
 * (`createWebMiddleware`'s), called in process. docs/github-apps.md#testing.
 *
 * @example
 * const { status } = await deliverWebhook("http://127.0.0.1:3000/api/github/webhooks", {
 *   name: "issues", payload: { action: "opened", issue: { number: 1 } }, secret: "s3cret",
 * });
 */
export async function deliverWebhook(
  target: string | URL | ((request: Request) => Response | Promise<Response>),
  options: WebhookDeliveryOptions,
): Promise<WebhookDeliveryResult> {
  const body = typeof options.payload === "string" ? options.payload : JSON.stringify(options.payload);
  const id = options.id ?? crypto.randomUUID();
  const signature = await sign(options.secret, body);
  const request = new Request(
    typeof target === "function" ? `http://localhost${options.path ?? "/api/github/webhooks"}` : target,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "GitHub-Hookshot/forgekit-testing",
        "x-github-event": options.name,
        "x-github-delivery": id,
        "x-hub-signature-256": signature,
        ...options.headers,
      },
      body,
    },
  );
  const response = typeof target === "function" ? await target(request) : await fetch(request);
  return { status: response.status, body: await response.text(), id, signature };
}
