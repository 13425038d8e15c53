import { isHttpError, type Response } from "../../kernel/index.js";
import { copyFields } from "./fields.js";
import type { PageData } from "./types.js";

/** Keys of GitHub's list wrappers that are not the list (search, actions, checks, installations…). */
const WRAPPER_FIELDS = new Set(["total_count", "incomplete_results", "repository_selection"]);

/**
 * A page's items. GitHub wraps some lists in an object (`{ total_count, items }`,
 * `{ total_count, workflow_runs }`, `{ total_count, repository_selection, repositories }`…):
 * an object with a numeric `total_count` and exactly one array-valued key besides the
 * wrapper fields is unwrapped, and its other fields are copied onto the array so
 * `page.data.total_count` stays readable (on a copy: a response a cache hands out twice is
 * never changed; safely: plugins/paginate/fields.ts). An array is returned as is; no body is no items; any other body is one item.
 */
export function pageItems(data: unknown): PageData<unknown> {
  if (Array.isArray(data)) return data;
  if (data === undefined || data === null || data === "") return [];
  if (typeof data !== "object" || typeof (data as { total_count?: unknown }).total_count !== "number") return [data];
  const record = data as Record<string, unknown>;
  let list: string | undefined;
  for (const key in record) {
    if (WRAPPER_FIELDS.has(key) || !Array.isArray(record[key])) continue;
    // Two lists: search results' is `items` (beside e.g. `lexical_fallback_reason`); else unknown.
    if (list !== undefined && list !== "items" && key !== "items") return [data];
    if (list !== "items") list = key;
  }
  if (list === undefined) return [data];
  return copyFields((record[list] as unknown[]).slice(), record, list);
}

/**
 * GitHub answers a commit list of a repository with no commits with `409 Git Repository is
 * empty.`: that is an empty list (docs/pagination.md#empty-repositories).
 */
export function emptyRepositoryPage(error: unknown): Response<unknown> | undefined {
  if (!isHttpError(error) || error.status !== 409) return undefined;
  const message = (error.response.data as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && /git repository is empty/i.test(message)
    ? { ...error.response, data: [] }
    : undefined;
}

/** Is `url` (a route template or an absolute URL) one of GitHub's search endpoints? */
export function isSearch(url: string): boolean {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "").split("?")[0] as string;
  return /(^|\/)search\//.test(path);
}
