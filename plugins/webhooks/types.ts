import type { WebhookEvents } from "../../types/webhooks.js";

/** A name `on()` accepts: an event (`"issues"`) or an event and action (`"issues.opened"`). */
export type EmitterWebhookEventName = keyof WebhookEvents & string;

/** The event part of a name: `"issues.opened"` → `"issues"`. */
export type WebhookEventName<E extends string> = E extends `${infer Event}.${string}` ? Event : E;

/** What a handler of `E` receives: the delivery id, the event name and the typed payload. */
export interface EmitterWebhookEvent<E extends EmitterWebhookEventName = EmitterWebhookEventName> {
  /** The delivery's `X-GitHub-Delivery` id. */
  id: string;
  /** The `X-GitHub-Event` name (without the action). */
  name: WebhookEventName<E>;
  payload: WebhookEvents[E];
}

/** An event as `receive()` takes it: the name without action, the parsed payload. */
export interface WebhookDelivery {
  id: string;
  name: string;
  payload: unknown;
}

/** What `verifyAndReceive()` takes: `payload` is the raw body, exactly as received. */
export interface SignedDelivery {
  id: string;
  name: string;
  payload: string;
  /** The `X-Hub-Signature-256` header. */
  signature: string;
}

/** A handler of `E`; what it returns is awaited. `T`: what `transform` adds (`App` adds `octokit`). */
export type HandlerFunction<E extends EmitterWebhookEventName, T = unknown> = (
  event: EmitterWebhookEvent<E> & T,
) => unknown;

/** The error `receive()` rejects with when handlers threw: each error in `errors`. */
export interface WebhookEventHandlerError extends AggregateError {
  /** The delivery the handlers failed on. */
  event: WebhookDelivery;
  /** The HTTP status a middleware answers with (500; 400 when the signature did not match). */
  status?: number;
}

/** Where a `Webhooks` reports handler failures that no `onError` handler takes. */
export interface WebhooksLog {
  /** A delivery whose handlers threw, with no `onError` handler. */
  error(message: string): void;
}

/** `new Webhooks(options)`. */
export interface WebhooksOptions<T = unknown> {
  /** Turns each delivery into what handlers receive, once per delivery (the `App` adds its `octokit`). */
  transform?: ((event: WebhookDelivery) => (WebhookDelivery & T) | Promise<WebhookDelivery & T>) | undefined;
  /** The webhook secret: signs and verifies `X-Hub-Signature-256`. */
  secret: string;
  /**
   * Older secrets still accepted by `verify()` while a new one rolls out
   * (docs/github-apps.md#rotating-the-secret); `sign()` uses `secret`.
   */
  additionalSecrets?: string[] | undefined;
  /** Where `onError`-less failures are reported (defaults to `console`). */
  log?: WebhooksLog | undefined;
}
