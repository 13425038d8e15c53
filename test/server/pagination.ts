// List operations answer with `totalItems` items generated from the example's first item,
// `page`/`per_page` honoured (GitHub: default 30, maximum 100) and a `Link` header
// (as docs/pagination.md describes GitHub's pages).

/** GitHub's largest `per_page`. */
export const MAX_PER_PAGE = 100;

export interface PageOptions {
  pageSize: number;
  totalItems: number;
}

function positive(value: string | null, fallback: number): number {
  const number = value === null ? NaN : Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * Item `index` (0-based) of a list: the template with `id` and `number` counted up. A
 * shallow copy: nested objects are shared, which is fine since items are only serialised.
 */
function item(template: unknown, index: number): unknown {
  if (!template || typeof template !== "object" || Array.isArray(template)) return template;
  const copy: Record<string, unknown> = { ...template };
  for (const key of ["id", "number"]) if (typeof copy[key] === "number") copy[key] = (copy[key] as number) + index;
  return copy;
}

/**
 * One page of a list. `list` is `true` for an array body, or the property of the example
 * object holding the items (`items` for search, `workflow_runs`…), whose `total_count`,
 * if it has one, becomes the number of items.
 */
export function listPage(
  example: unknown,
  list: true | string,
  url: URL,
  options: PageOptions,
): { body: unknown; link?: string } {
  const template = list === true ? (example as unknown[])[0] : ((example as Record<string, unknown[]>)[list] ?? [])[0];
  const total = template === undefined ? 0 : options.totalItems;
  const perPage = Math.min(positive(url.searchParams.get("per_page"), options.pageSize), MAX_PER_PAGE);
  const page = positive(url.searchParams.get("page"), 1);
  const items: unknown[] = [];
  for (let index = (page - 1) * perPage; index < Math.min(total, page * perPage); index++)
    items.push(item(template, index));
  let body: unknown = items;
  if (list !== true) {
    const wrapper = { ...(example as Record<string, unknown>), [list]: items };
    if ("total_count" in wrapper) wrapper.total_count = total;
    body = wrapper;
  }
  const link = total === 0 ? undefined : linkHeader(url, page, Math.ceil(total / perPage));
  return link ? { body, link } : { body };
}

/** `<…?page=2>; rel="next", <…?page=4>; rel="last"`, plus prev/first after the first page. */
function linkHeader(url: URL, page: number, last: number): string | undefined {
  const to = (n: number) => {
    const target = new URL(url);
    target.searchParams.set("page", String(n));
    return `<${target.href}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${to(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${to(page + 1)}; rel="next"`, `${to(last)}; rel="last"`);
  if (page > 1) links.push(`${to(1)}; rel="first"`);
  return links.length ? links.join(", ") : undefined;
}
