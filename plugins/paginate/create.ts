import { ParameterError, type Client } from "../../kernel/index.js";
import { parseArgs } from "./args.js";
import { pages } from "./pages.js";
import type { Paginate, PaginateIterator, Source } from "./types.js";

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

/** `client.paginate` with its `iterator`, for `client`. */
export function createPaginate(client: Client): Paginate {
  const prepare = async (source: Source, args: unknown[]) => {
    const parsed = await parseArgs(client, source, args);
    if (parsed.map)
      throw new ParameterError(
        "paginate.iterator takes no map function: map each page inside your for await loop, or use paginate(route, params, mapFn).",
      );
    return parsed;
  };
  const paginate = ((source: Source, ...args: unknown[]) => collect(client, source, args)) as Paginate;
  paginate.iterator = ((source: Source, ...args: unknown[]) =>
    pages(client, () => prepare(source, args), true)) as PaginateIterator;
  return paginate;
}
