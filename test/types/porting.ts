// Type tests for issue 24 (porting from @octokit): `tsc -p test/types` must pass; each
// expect-error directive must meet an error.
import forgekit, { Client, HttpError, Octokit as DropIn, isHttpError, type ErrorRequest } from "../../plugins/presets/full.js";
import { createAppAuth } from "@octokit/auth-app";
import { createActionAuth } from "@octokit/auth-action";
import { createUnauthenticatedAuth } from "@octokit/auth-unauthenticated";
import { createOAuthAppAuth } from "@octokit/auth-oauth-app";
import { createTokenAuth } from "@octokit/auth-token";
import type { EndpointMethod } from "../../kernel/index.js";
import type { PageItem } from "../../plugins/paginate/types.js";
import type { MinimalRepository, OrganizationFull, RestScopes } from "../../types/index.js";
import type { EndpointDefaults } from "@octokit/types";
import type { Octokit } from "@octokit/core";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const is = <T extends true>(value?: T) => value;

/** Every @octokit strategy factory is an `authStrategy`, as at runtime. */
export function strategies(): void {
  forgekit({ authStrategy: createAppAuth, auth: { appId: 1, privateKey: "key", installationId: 2 } });
  forgekit({ authStrategy: createActionAuth });
  forgekit({ authStrategy: createUnauthenticatedAuth, auth: { reason: "tests" } });
  forgekit({ authStrategy: createOAuthAppAuth, auth: { clientId: "id", clientSecret: "secret" } });
  forgekit({ authStrategy: createTokenAuth, auth: "ghp_x" });
  // @ts-expect-error not a strategy factory
  forgekit({ authStrategy: "createAppAuth" });
}

/** An HTTP error always has its request; `Client.VERSION` is a string. */
export function errors(error: unknown): void {
  if (error instanceof HttpError) {
    const request: ErrorRequest = error.request;
    const id: string | undefined = error.requestId;
    void [request.method, id];
  }
  if (isHttpError(error)) is<Equal<typeof error.request, ErrorRequest>>();
  const version: string = Client.VERSION;
  void version;
}

/**
 * Every list method of every scope (computed over `RestScopes`, so a regenerated registry is
 * covered too): its paginate item type has no `undefined`. `Listing` names the offenders.
 */
type Scopes = RestScopes;
type ListNames<S extends keyof Scopes> = Extract<keyof Scopes[S], `list${string}`>;
type Offender<S extends keyof Scopes, M extends ListNames<S>> =
  Scopes[S][M] extends EndpointMethod<infer E>
    ? undefined extends PageItem<E["response"]>
      ? `${S & string}.${M & string}`
      : never
    : `${S & string}.${M & string} (not an endpoint method)`;
type Listing = { [S in keyof Scopes]: { [M in ListNames<S>]: Offender<S, M> }[ListNames<S>] }[keyof Scopes];

export function listItems(): void {
  is<Equal<Listing, never>>();
  const client = forgekit();
  void (async () => {
    const contributors = await client.paginate(client.repos.listContributors, { owner: "o", repo: "r" });
    is<Equal<undefined extends (typeof contributors)[number] ? true : false, false>>();
  })();
}

/** Rate-limit callbacks: @octokit's (annotated or not) and forgekit's compile in strict mode. */
export function throttleCallbacks(): void {
  forgekit({
    throttle: {
      onRateLimit: (retryAfter, options, octokit, retryCount) => {
        octokit.log.warn(`Request quota exhausted for request ${options.method} ${options.url}`);
        return retryAfter < 60 && retryCount < 1;
      },
      onSecondaryRateLimit: (retryAfter, options, octokit) => {
        octokit.log.warn(`Secondary limit for ${options.method} ${options.url}, ${retryAfter} s`);
      },
    },
  });
  forgekit({
    throttle: {
      onRateLimit: (
        retryAfter: number,
        options: Required<EndpointDefaults>,
        octokit: Octokit,
        retryCount: number,
      ): boolean => {
        octokit.log.warn(`${options.method} ${options.url}`);
        return retryAfter < 60 && retryCount < 1;
      },
    },
  });
  forgekit({ throttle: { onRateLimit: (...args) => args.length > 4 } });
  forgekit({ throttle: { onRateLimit: (_retryAfter, _options, _client, _retryCount, info) => info.waitMs < 60_000 } });
  forgekit({
    // @ts-expect-error the fifth argument is forgekit's info, not a string
    throttle: { onRateLimit: (_a: number, _b: unknown, _c: unknown, _d: number, info: string) => info === "x" },
  });
}

/** The drop-in `Octokit` takes the same callbacks, as @octokit/plugin-throttling's users write them. */
export function dropInCallbacks(): void {
  new DropIn({
    throttle: {
      onRateLimit: (retryAfter, options, octokit, retryCount) => {
        octokit.log.warn(`Request quota exhausted for request ${options.method} ${options.url}`);
        return retryAfter < 60 && retryCount < 1;
      },
      onSecondaryRateLimit: (_retryAfter: number, _options: Required<EndpointDefaults>, octokit: Octokit) => {
        octokit.log.warn("secondary");
      },
    },
  });
  // @ts-expect-error a misspelt callback is not an option
  new DropIn({ throttle: { onRatelimit: () => true } });
}

/** `deployment` is one of the generated names (or a registry, or a name known only at run time). */
export function deployments(name: string): void {
  forgekit({ deployment: "ghes-3.18" });
  new Client({ deployment: "ghec" });
  forgekit({ deployment: name });
  // @ts-expect-error GHES 2.22 is no generated deployment: a type error, not only a runtime one
  forgekit({ deployment: "ghes-2.22" });
  // @ts-expect-error … on the class too
  new Client({ deployment: "ghes-2.22" });
  // @ts-expect-error … and on the drop-in Octokit
  new DropIn({ deployment: "api.github.co" });
}

/** `per_page: null` (send none) keeps the item type, for routes and endpoint methods alike. */
export async function pageSize(): Promise<void> {
  const client = forgekit();
  const byRoute = await client.paginate("GET /orgs/{org}/repos", { org: "o", per_page: null });
  is<Equal<typeof byRoute, MinimalRepository[]>>();
  const byMethod = await client.paginate(client.repos.listForOrg, { org: "o", per_page: null });
  is<Equal<typeof byMethod, MinimalRepository[]>>();
  for await (const page of client.paginate.iterator(client.repos.listForOrg, { org: "o", per_page: 50 })) {
    const repo: MinimalRepository = page.data[0]!;
    void repo;
  }
  const one = await client.paginate("GET /orgs/{org}", { org: "o" });
  is<Equal<typeof one, OrganizationFull[]>>();
  // @ts-expect-error per_page is a number, or null for none
  await client.paginate(client.repos.listForOrg, { org: "o", per_page: "5" });
  // @ts-expect-error org is still required
  await client.paginate(client.repos.listForOrg, { per_page: null });
}
