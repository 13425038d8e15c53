import { lazy, memberOnFirstUse, ParameterError, type Client, type Plugin } from "../../kernel/index.js";
import type { Paginate, PaginateIterator } from "./types.js";

export type {
  Checkpoint,
  MapFn,
  PageData,
  PageItem,
  PageParams,
  ListItem,
  PageResponse,
  Paginate,
  PaginateIterator,
  PaginateOptions,
  Source,
} from "./types.js";

/** The plugin's code (arguments, pages, links), loaded on the first call. */
const code = lazy(() => import("./create.js"));

/** `client.paginate` before its code is loaded: the same API, the first call loading it. */
function stub(client: Client & { paginate: Paginate }): Paginate {
  let made: Paginate | undefined;
  const real = async () => {
    if (made) return made;
    made = (code.value ?? (await code())).createPaginate(client);
    // From now on the client holds the real one (a caller keeping the stub still works).
    if (client.paginate === paginate) client.paginate = made;
    return made;
  };
  const paginate = (async (...args: unknown[]) =>
    ((await real()) as (...a: unknown[]) => unknown)(...args)) as Paginate;
  paginate.iterator = async function* (...args: unknown[]) {
    yield* ((await real()).iterator as (...a: unknown[]) => AsyncGenerator<never>)(...args);
  } as PaginateIterator;
  return paginate;
}

/**
 * Pagination (docs/pagination.md): `client.paginate(route | options | endpointMethod, params?, mapFn?, options?)`
 * resolves to every page's items in one array; `client.paginate.iterator(…)` yields page
 * by page. Follows `Link: rel="next"`, unwraps object-wrapped lists (search, actions,
 * checks, installations…), asks for 100 items per page, and supports `maxItems`,
 * `signal` and resumable checkpoints. `client.paginate` is made on an instance's first
 * access, and its code loads on the first call.
 *
 * @example
 * const MyClient = Client.plugin([paginate]);
 * const client = new MyClient();
 * const titles = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world" }, (response) =>
 *   response.data.map((issue) => issue.title),
 * );
 * for await (const page of client.paginate.iterator("GET /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world" })) {
 *   if (page.data.some((issue) => issue.title.includes("bug"))) break; // no further page is fetched
 * }
 */
export const paginate: Plugin<{ paginate: Paginate }, PaginatePluginOptions> = (client, options) => {
  const perPage = options.paginate?.perPage;
  if (perPage !== undefined && perPage !== false && !(Number.isInteger(perPage) && perPage >= 1 && perPage <= 100))
    throw new ParameterError(
      `paginate.perPage is ${JSON.stringify(perPage)}; pass a whole number from 1 to 100, or false to send no per_page.`,
    );
  memberOnFirstUse(client as Client & { paginate: Paginate }, "paginate", stub);
  return undefined as never;
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
paginate.options = ["paginate"];

/** The `paginate` option. */
export interface PaginatePluginOptions {
  paginate?: {
    /**
     * `per_page` where the operation takes it and the caller gave none: 100 (GitHub's largest)
     * by default; `false` sends none, as @octokit/plugin-paginate-rest (the `Octokit` class's default).
     */
    perPage?: number | false;
  };
}
