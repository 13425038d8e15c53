/**
 * Sync-or-async plumbing: a {@link KeyValueStore} may answer synchronously (the memory
 * store) or with promises (Redis). Chaining through these helpers keeps the synchronous
 * path free of extra microtasks, so a memory-backed cache adds no awaits of its own.
 */

/** A value now, or later. */
export type MaybePromise<T> = T | PromiseLike<T>;

/** Whether `value` is a promise or any other thenable. */
export function isThenable<T>(value: MaybePromise<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === "function";
}

/** `fn(value)` at once for a plain value, after it settles for a thenable. */
export function then<T, R>(value: MaybePromise<T>, fn: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isThenable(value) ? Promise.resolve(value).then(fn) : fn(value);
}

/**
 * Run a store operation; a throw or rejection becomes `fallback` after `onError`, because
 * a cache that fails must cost a cache miss, never the request.
 */
export function safely<T>(run: () => MaybePromise<T>, fallback: T, onError: (error: unknown) => void): MaybePromise<T> {
  const fail = (error: unknown) => {
    onError(error);
    return fallback;
  };
  try {
    const value = run();
    return isThenable(value) ? Promise.resolve(value).then(undefined, fail) : value;
  } catch (error) {
    return fail(error);
  }
}
