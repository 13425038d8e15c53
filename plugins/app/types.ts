import type { Client, Log } from "../../kernel/index.js";
import type { WebhooksOptions } from "../webhooks/types.js";

/** A client class `new App({ Octokit })` builds its clients with. */
export type ClientClass<C extends Client = Client> = new (options?: any) => C;

/** `new App(options)`. */
export interface AppOptions<C extends Client> {
  /** The app's id (or client id): the JWT's `iss`. */
  appId: number | string;
  /** The app's private key, the `.pem` file's text. */
  privateKey: string;
  /** The webhook secret (and older ones during a rotation); without it, `app.webhooks` throws on use. */
  webhooks?: Pick<WebhooksOptions, "secret" | "additionalSecrets"> | undefined;
  /** The client class (default: forgekit's full preset): choose its plugins with `Client.plugin([...])`. */
  Octokit?: ClientClass<C> | undefined;
  /** Options every client gets, e.g. `{ baseUrl: "https://ghe.example.com/api/v3" }` for GHES. */
  octokitOptions?: Record<string, unknown> | undefined;
  /** Where the app's clients and webhooks log (a client's `log` option). */
  log?: Log | undefined;
}

/** What `app.webhooks` handlers receive beside the delivery: a client for its installation. */
export interface AppWebhookContext<C> {
  /** The installation's client (`payload.installation.id`), or the app's own when the payload names none. */
  octokit: C;
}
