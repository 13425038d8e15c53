// Paged route handlers for the paginate tests: GitHub-style `Link` headers over a
// numbered list of items, plain or wrapped in an object like search results.
import type { Handler, TestServer } from "./server.js";

export interface PagedOptions {
  /** Number of pages. */
  pages: number;
  /** Items on each full page (the requested per_page is ignored unless `honourPerPage`). */
  size?: number;
  /** Wrap each page as `{ total_count, incomplete_results, [wrap]: items }`. */
  wrap?: string;
  /** `total_count` of a wrapped page; defaults to pages × size. */
  totalCount?: number;
  /** Make an item for index `i` (0-based across pages). */
  item?: (i: number) => unknown;
  /** Origin used in Link URLs; defaults to the server's. */
  origin?: (server: TestServer) => string;
}

/** A handler serving `?page=N` (1 when missing) with `Link: <…?page=N+1>; rel="next", <…>; rel="last"`. */
export function paged(path: string, options: PagedOptions): Handler {
  const { pages, size = 2, wrap, item = (i: number) => ({ id: i + 1, title: `issue ${i + 1}` }) } = options;
  return (req, _res, server) => {
    const page = Number(req.query.get("page") ?? 1);
    const items = Array.from({ length: page >= 1 && page <= pages ? size : 0 }, (_, k) => item((page - 1) * size + k));
    const origin = options.origin ? options.origin(server) : server.url;
    const link = (n: number) => {
      const query = new URLSearchParams(req.query);
      query.set("page", String(n));
      return `${origin}${path}?${query}`;
    };
    const links = [
      page < pages && `<${link(page + 1)}>; rel="next"`,
      `<${link(pages)}>; rel="last"`,
      page > 1 && `<${link(1)}>; rel="first"`,
    ]
      .filter(Boolean)
      .join(", ");
    const body = wrap
      ? { total_count: options.totalCount ?? pages * size, incomplete_results: false, [wrap]: items }
      : items;
    return { headers: { link: links }, body };
  };
}
