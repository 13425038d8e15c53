import type { PageData } from "./types.js";

/**
 * Copy a list wrapper's other fields (`total_count`, `incomplete_results`, …) onto its page
 * array. The wrapper is the server's JSON: a field is copied only when the array has no
 * member of that name, own or inherited, so `"__proto__"` cannot replace the array's
 * prototype and `length`, `map` or `constructor` (read by `slice`) cannot break it. Defined,
 * not assigned: no setter runs.
 */
export function copyFields(
  items: PageData<unknown>,
  fields: Record<string, unknown>,
  skip?: string,
): PageData<unknown> {
  for (const key of Object.keys(fields)) {
    if (key === skip || key in items) continue;
    Object.defineProperty(items, key, { value: fields[key], enumerable: true, writable: true, configurable: true });
  }
  return items;
}
