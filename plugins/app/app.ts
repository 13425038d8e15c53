import { ParameterError, type Client } from "../../kernel/index.js";
import { Client as FullClient } from "../presets/full.js";
import { Webhooks } from "../webhooks/webhooks.js";
import { checkAppOptions, checkInstallationId } from "./options.js";
import type { AppOptions, AppWebhookContext, ClientClass } from "./types.js";

type Paginating = Client & {
  paginate: { iterator(route: string, params?: object): AsyncIterable<{ data: unknown[] }> };
};

/** A function that also has `iterator()`, as `app.eachInstallation` is in @octokit/app. */
export interface Each<T> {
  /** Call `callback` for each item, one after the other. */
  (callback: (item: T) => unknown): Promise<void>;
  /** Every item, page by page as GitHub returns them. */
  iterator(): AsyncIterable<T>;
}

/** `app.eachRepository`: {@link Each}, whose `iterator` can be limited to one installation. */
export interface EachRepository<C> extends Each<{ octokit: C; repository: any }> {
  /** Every repository, of one installation when `installationId` is given. */
  iterator(options?: { installationId?: number | string }): AsyncIterable<{ octokit: C; repository: any }>;
}

function each<T>(iterate: () => AsyncIterable<T>): Each<T> {
  const run = async (callback: (item: T) => unknown) => {
    for await (const item of iterate()) await callback(item);
  };
  return Object.assign(run, { iterator: iterate });
}

/**
 * A GitHub App: its webhooks in, clients as the app and as each installation out, with
 * `@octokit/app`'s names. The JWT and installation tokens are the auth plugin's
 * (plugins/auth/app.ts): an installation's client keeps its token until shortly before it expires.
 *
 * @example
 * const app = new App({ appId: 123, privateKey, webhooks: { secret } });
 * app.webhooks.on("issues.opened", ({ octokit, payload }) =>
 *   octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
 *     owner: payload.repository.owner.login, repo: payload.repository.name,
 *     issue_number: payload.issue.number, body: "Thanks!",
 *   }));
 */
export class App<C extends Client = InstanceType<typeof FullClient>> {
  /** The client authenticated as the app (its JWT): `GET /app`, `GET /app/installations`, … */
  readonly octokit: C;
  readonly #webhooks: Webhooks<AppWebhookContext<C>> | undefined;
  /** Every installation of the app: `{ octokit, installation }`. */
  readonly eachInstallation: Each<{ octokit: C; installation: any }>;
  /** Every repository of every installation (or of one): `{ octokit, repository }`. */
  readonly eachRepository: EachRepository<C>;
  readonly #make: (installationId?: string) => C;
  readonly #installations = new Map<string, C>();

  constructor(options: AppOptions<C>) {
    checkAppOptions(options);
    const Class = (options.Octokit ?? FullClient) as unknown as ClientClass<C>;
    const credentials = { appId: options.appId, privateKey: options.privateKey };
    const shared = { ...options.octokitOptions, ...(options.log && { log: options.log }) };
    this.#make = (installationId) =>
      new Class({ ...shared, auth: installationId ? { ...credentials, installationId } : credentials });
    this.octokit = this.#make();
    // Without a secret, `app.webhooks` throws on use (as @octokit/app's does): an app that only
    // calls the API needs none.
    this.#webhooks =
      options.webhooks === undefined
        ? undefined
        : new Webhooks<AppWebhookContext<C>>({
            ...options.webhooks,
            ...(options.log && { log: options.log }),
            transform: async (event) => {
              const id = (event.payload as { installation?: { id?: unknown } } | null)?.installation?.id;
              const octokit = typeof id === "number" ? await this.getInstallationOctokit(id) : this.octokit;
              return { ...event, octokit };
            },
          });
    const pages = <T>(client: C, route: string) => {
      const { paginate } = client as unknown as Partial<Paginating>;
      if (typeof paginate?.iterator !== "function")
        throw new ParameterError(
          `app.eachInstallation / eachRepository read pages with client.paginate: add the paginate plugin to the App's "Octokit" class.`,
        );
      return paginate.iterator(route, { per_page: 100 }) as AsyncIterable<{ data: T[] }>;
    };
    const app = this;
    this.eachInstallation = each(async function* () {
      for await (const { data } of pages<{ id: number }>(app.octokit, "GET /app/installations"))
        for (const installation of data)
          yield { octokit: await app.getInstallationOctokit(installation.id), installation };
    });
    const repositories = async function* (options?: { installationId?: number | string }) {
      const installations =
        options?.installationId === undefined
          ? app.eachInstallation.iterator()
          : [{ octokit: await app.getInstallationOctokit(options.installationId) }];
      for await (const { octokit } of installations)
        for await (const { data } of pages(octokit, "GET /installation/repositories"))
          for (const repository of data) yield { octokit, repository };
    };
    this.eachRepository = Object.assign(each(repositories), { iterator: repositories });
  }

  /** Deliveries in; handlers get `octokit`, the client of the delivery's installation. */
  get webhooks(): Webhooks<AppWebhookContext<C>> {
    if (!this.#webhooks) throw new ParameterError(`new App(): pass webhooks: { secret } to receive webhooks.`);
    return this.#webhooks;
  }

  /**
   * A client authenticated as installation `installationId`. The same client (and so the same
   * token, refreshed a few minutes before it expires) for every call with that id.
   */
  async getInstallationOctokit(installationId: number | string): Promise<C> {
    const id = checkInstallationId(installationId);
    let client = this.#installations.get(id);
    if (!client) this.#installations.set(id, (client = this.#make(id)));
    return client;
  }
}
