import { ParameterError, type Client, type Plugin } from "../../kernel/index.js";
import { parseArgs } from "./args.js";
import { pages } from "./pages.js";
import type { Paginate, PaginateIterator, Source } from "./types.js";

export type {
  Checkpoint,
  MapFn,
  PageData,
  PageItem,
  ListItem,
  PageResponse,
  Paginate,
  PaginateIterator,
  PaginateOptions,
  Source,
} from "./types.js";

/** Collect every page's items (or mapped values) into one array. */
async function collect(client: Client, source: Source, args: unknown[]): Promise<unknown[]> {
  const parsed = await parseArgs(client, source, args);
  const { map, options } = parsed;
  const results: unknown[] = [];
  let stop = false;
  const done = () => void (stop = true);
  for await (const page of pages(client, async () => parsed, false)) {
    const mapped = map ? map(page, done) : page.data;
    if (Array.isArray(mapped)) for (const item of mapped) results.push(item);
    else results.push(mapped);
    options.onCheckpoint?.(page.checkpoint);
    if (stop) break;
  }
  return results;
}

/**
 * Pagination (docs/pagination.md): `client.paginate(route | options | endpointMethod, params?, mapFn?, options?)`
 * resolves to every page's items in one array; `client.paginate.iterator(…)` yields page
 * by page. Follows `Link: rel="next"`, unwraps object-wrapped lists (search, actions,
 * checks, installations…), asks for 100 items per page, and supports `maxItems`,
 * `signal` and resumable checkpoints. See docs/pagination.md.
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
export const paginate: Plugin<{ paginate: Paginate }> = (client) => {
  const prepare = async (source: Source, args: unknown[]) => {
    const parsed = await parseArgs(client, source, args);
    if (parsed.map)
      throw new ParameterError(
        "paginate.iterator takes no map function: map each page inside your for await loop, or use paginate(route, params, mapFn).",
      );
    return parsed;
  };
  const iterator = ((source: Source, ...args: unknown[]) =>
    pages(client, () => prepare(source, args), true)) as PaginateIterator;
  const paginateFn = ((source: Source, ...args: unknown[]) => collect(client, source, args)) as Paginate;
  paginateFn.iterator = iterator;
  return { paginate: paginateFn };
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
paginate.options = [];
