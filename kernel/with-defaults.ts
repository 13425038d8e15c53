/**
 * Apply a plugin's `defaults` under the caller's options: a key the caller left out takes
 * the default; where both values are plain objects they merge one level deep, the caller's
 * keys winning. The result is a new object; neither argument is changed.
 *
 * @example
 * withDefaults({ retry: { retries: 5 } }, { retry: { retries: 3, delay: 1000 }, log: console });
 * // { retry: { retries: 5, delay: 1000 }, log: console }
 */
export function withDefaults<T>(options: T, defaults: object | undefined): T {
  if (!defaults) return options;
  const out = { ...options } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    const given = out[key];
    out[key] = isPlainObject(given) && isPlainObject(fallback) ? { ...fallback, ...given } : (given ?? fallback);
  }
  return out as T;
}

/** An object literal (its constructor is `Object`): class instances and arrays are taken whole. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (value as object | null)?.constructor === Object;
}
