import { ParameterError } from "../../kernel/index.js";
import { checkSecret, hmacKey, signWith, verifyWith } from "./signature.js";
import type {
  EmitterWebhookEventName,
  HandlerFunction,
  SignedDelivery,
  WebhookDelivery,
  WebhookEventHandlerError,
  WebhooksOptions,
} from "./types.js";

type AnyHandler = (event: WebhookDelivery) => unknown;
type ErrorHandler = (error: WebhookEventHandlerError) => unknown;

/** `"issues"` or `"issues.opened"`: lower-case words and underscores, one optional action. */
const NAME = /^[a-z0-9_]+(?:\.[a-z0-9_]+)?$/;

function checkName(name: unknown): string {
  if (typeof name !== "string" || !NAME.test(name))
    throw new ParameterError(
      `on(): ${typeof name === "string" ? JSON.stringify(name) : `a ${typeof name}`} is not a webhook event name; pass one such as "issues" or "issues.opened" (onAny() receives every event).`,
    );
  return name;
}

function checkHandler(handler: unknown, where: string): void {
  if (typeof handler !== "function")
    throw new ParameterError(`${where}: the handler is ${typeof handler}; pass a function.`);
}

/** An error carrying the delivery and the status a middleware answers with. */
function deliveryError(message: string, errors: unknown[], event: WebhookDelivery, status: number) {
  return Object.assign(new AggregateError(errors, message), { event, status }) as WebhookEventHandlerError;
}

/**
 * Webhook deliveries in: signatures, and handlers by event and action, with
 * `@octokit/webhooks`' names (docs/github-apps.md).
 *
 * @example
 * const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
 * webhooks.on("issues.opened", ({ payload }) => console.log(payload.issue.number));
 * createServer(createNodeMiddleware(webhooks)).listen(3000);
 */
export class Webhooks<T = unknown> {
  readonly #keys: Promise<CryptoKey>[];
  readonly #handlers = new Map<string, AnyHandler[]>();
  readonly #any: AnyHandler[] = [];
  readonly #errors: ErrorHandler[] = [];
  readonly #log: NonNullable<WebhooksOptions["log"]>;
  readonly #transform: WebhooksOptions<T>["transform"];

  constructor(options: WebhooksOptions<T>) {
    const given = (options ?? {}) as Partial<WebhooksOptions<T>>;
    const secrets = [checkSecret(given.secret, "new Webhooks()")];
    if (given.additionalSecrets !== undefined) {
      if (!Array.isArray(given.additionalSecrets))
        throw new ParameterError(`new Webhooks(): "additionalSecrets" must be an array of strings.`);
      for (const secret of given.additionalSecrets)
        secrets.push(checkSecret(secret, "new Webhooks(): additionalSecrets"));
    }
    // Imported on first use (the promise starts now but does no I/O).
    this.#keys = secrets.map(hmacKey);
    this.#log = given.log ?? console;
    this.#transform = given.transform;
  }

  /** The `X-Hub-Signature-256` value of `payload` (the raw body) with this secret. */
  sign(payload: string): Promise<string> {
    return signWith(this.#keys[0]!, payload);
  }

  /** Whether `signature` matches `payload` under this secret (or an additional one); never throws for bad input. */
  async verify(payload: string, signature: string): Promise<boolean> {
    for (const key of this.#keys) if (await verifyWith(key, payload, signature)) return true;
    return false;
  }

  /** Run `handler` for each delivery of `name` (`"issues"`, `"issues.opened"`, or a list of them). */
  on<E extends EmitterWebhookEventName>(name: E | E[], handler: HandlerFunction<E, T>): void {
    checkHandler(handler, "on()");
    for (const one of Array.isArray(name) ? name : [name]) {
      const key = checkName(one);
      this.#handlers.set(key, [...(this.#handlers.get(key) ?? []), handler as AnyHandler]);
    }
  }

  /** Run `handler` for every delivery. */
  onAny(handler: (event: WebhookDelivery & T) => unknown): void {
    checkHandler(handler, "onAny()");
    this.#any.push(handler as AnyHandler);
  }

  /** Run `handler` when handlers of a delivery threw (with every error in `error.errors`). */
  onError(handler: (error: WebhookEventHandlerError) => unknown): void {
    checkHandler(handler, "onError()");
    this.#errors.push(handler);
  }

  /** Stop running `handler` for `name` (`"*"`: an `onAny` handler). */
  removeListener<E extends EmitterWebhookEventName | "*">(
    name: E | E[],
    handler: E extends EmitterWebhookEventName ? HandlerFunction<E, T> : (event: WebhookDelivery & T) => unknown,
  ): void {
    for (const one of Array.isArray(name) ? name : [name]) {
      const list = one === "*" ? this.#any : this.#handlers.get(one);
      const index = list?.indexOf(handler as AnyHandler) ?? -1;
      if (index >= 0) list!.splice(index, 1);
    }
  }

  /**
   * Run the handlers of a delivery whose signature was checked: those of its event, of its
   * event and action, and `onAny`'s, concurrently. Rejects when any threw, after `onError`.
   */
  async receive(event: WebhookDelivery): Promise<void> {
    if (!event || typeof event.name !== "string" || !event.name)
      throw new ParameterError(`receive(): pass { id, name, payload } with the X-GitHub-Event name as "name".`);
    const action = (event.payload as { action?: unknown } | null)?.action;
    const handlers = [
      ...(this.#handlers.get(event.name) ?? []),
      ...(typeof action === "string" ? (this.#handlers.get(`${event.name}.${action}`) ?? []) : []),
      ...this.#any,
    ];
    const results = await this.#run(handlers, event);
    const errors = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    if (!errors.length) return;
    const error = deliveryError(
      errors.length === 1 && errors[0] instanceof Error ? errors[0].message : `${errors.length} webhook handlers threw`,
      errors,
      event,
      500,
    );
    if (!this.#errors.length) this.#log.error(`webhook ${event.name} (delivery ${event.id}): ${error.message}`);
    await Promise.allSettled(this.#errors.map(async (handler) => handler(error)));
    throw error;
  }

  /** The handlers' outcomes; the transform runs once, only when some handler will see its result. */
  async #run(handlers: AnyHandler[], event: WebhookDelivery): Promise<PromiseSettledResult<unknown>[]> {
    if (!handlers.length) return [];
    let delivered: WebhookDelivery = event;
    try {
      if (this.#transform) delivered = await this.#transform(event);
    } catch (error) {
      return [{ status: "rejected", reason: error }];
    }
    return Promise.allSettled(handlers.map(async (handler) => handler(delivered)));
  }

  /**
   * Check the signature of a raw body, parse it and {@link receive} it. A signature that does not
   * match rejects with `status` 400 before any handler runs.
   */
  async verifyAndReceive(delivery: SignedDelivery): Promise<void> {
    const { id, name, payload, signature } = delivery ?? ({} as SignedDelivery);
    if (typeof payload !== "string")
      throw new ParameterError(
        `verifyAndReceive(): "payload" must be the raw request body as a string (the signature covers its exact bytes), got ${typeof payload}.`,
      );
    const event = { id, name, payload: undefined as unknown };
    if (!(await this.verify(payload, signature)))
      throw deliveryError("signature does not match event payload and secret", [], event, 400);
    try {
      event.payload = JSON.parse(payload);
    } catch {
      throw deliveryError("the payload is not JSON", [], event, 400);
    }
    return this.receive(event);
  }
}
