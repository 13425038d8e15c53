/**
 * Sync-or-async plumbing: a {@link KeyValueStore} may answer synchronously (the memory
 * store) or with promises (Redis). Chaining through these helpers keeps the synchronous
 * path free of extra microtasks, so a memory-backed cache or throttle adds no awaits of
 * its own.
 */
import type { KeyValueStore } from "../../kernel/index.js";

/** A value now, or later. */
export type MaybePromise<T> = T | PromiseLike<T>;

/** What a {@link KeyValueStore} read gives: a value, or `undefined`/`null` for none. */
export type StoredValue = Awaited<ReturnType<KeyValueStore["get"]>>;

/** Whether `value` is a promise or any other thenable. */
export function isThenable<T>(value: MaybePromise<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === "function";
}

/** `fn(value)` at once for a plain value, after it settles for a thenable. */
export function then<T, R>(value: MaybePromise<T>, fn: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isThenable(value) ? Promise.resolve(value).then(fn) : fn(value);
}

/** Every value of `values`: an array at once when none is a thenable, else a promise of one. */
export function all<T>(values: MaybePromise<T>[]): T[] | Promise<T[]> {
  return values.some(isThenable) ? Promise.all(values) : (values as T[]);
}
