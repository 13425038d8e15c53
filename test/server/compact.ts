/** Limits that keep the committed fixture small while keeping every example's shape. */
export const LIMITS = { string: 200, array: 1, keys: 100, sharedMinLength: 150 } as const;

/**
 * Shorten an example: long strings end in "…", arrays keep their first item (list items
 * are generated from it), objects with very many keys (the emoji map) keep the first ones.
 */
export function truncate(value: unknown): unknown {
  if (typeof value === "string") return value.length > LIMITS.string ? `${value.slice(0, LIMITS.string)}…` : value;
  if (Array.isArray(value)) return value.slice(0, LIMITS.array).map(truncate);
  if (value && typeof value === "object") {
    const entries = Object.entries(value).slice(0, LIMITS.keys);
    return Object.fromEntries(entries.map(([key, item]) => [key, truncate(item)]));
  }
  return value;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * Store every sub-object that occurs more than once (and is not tiny) once, in `shared`,
 * and replace its occurrences with `{ "$shared": index }`. A shared entry only refers to
 * smaller entries, so there are no cycles. Deterministic: indices follow first occurrence.
 */
export function share(examples: unknown[]): { examples: unknown[]; shared: unknown[] } {
  const counts = new Map<string, number>();
  const count = (value: unknown): void => {
    if (!isObject(value)) return;
    const key = JSON.stringify(value);
    if (key.length >= LIMITS.sharedMinLength) counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const item of Object.values(value)) count(item);
  };
  examples.forEach(count);
  const index = new Map<string, number>();
  const shared: unknown[] = [];
  const replace = (value: unknown, top: boolean): unknown => {
    if (!isObject(value)) return value;
    const key = JSON.stringify(value);
    if (!top && (counts.get(key) ?? 0) > 1) {
      let at = index.get(key);
      if (at === undefined) {
        at = shared.push(undefined) - 1;
        index.set(key, at);
        shared[at] = replace(value, true);
      }
      return { $shared: at };
    }
    if (Array.isArray(value)) return value.map((item) => replace(item, false));
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, replace(item, false)]));
  };
  return { examples: examples.map((example) => replace(example, true)), shared };
}

/** Undo {@link share} for one value: shared objects are reused, so never mutate the result. */
export function expand(value: unknown, shared: readonly unknown[], cache: Map<number, unknown>): unknown {
  if (!isObject(value)) return value;
  if (Array.isArray(value)) return value.map((item) => expand(item, shared, cache));
  const ref = (value as { $shared?: unknown }).$shared;
  if (typeof ref === "number" && Object.keys(value).length === 1) {
    if (!cache.has(ref)) cache.set(ref, expand(shared[ref], shared, cache));
    return cache.get(ref);
  }
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, expand(item, shared, cache)]));
}
