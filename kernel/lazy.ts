/**
 * A value loaded on first use: call it to get a promise of the value; `value` holds it once
 * loaded, so hot paths can skip the promise. The one way forgekit loads code or data on demand
 * (plugins, route tables, parameter metadata, the `debug` package).
 */
export interface Lazy<T> {
  (): Promise<T>;
  /** The loaded value, or `undefined` until the load has succeeded. */
  readonly value: T | undefined;
}

/**
 * Wrap `load` so it runs once for every caller. Concurrent calls share one load. A failed load
 * rejects the calls waiting on it only: the next call loads again (a chunk that failed to
 * download on a flaky network is retried instead of breaking the method until a reload).
 *
 * @example
 * const printer = lazy(() => import("./printer.js").then((m) => m.createPrinter()));
 * (printer.value ?? (await printer())).log("hello");
 */
export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | undefined;
  const get = (() =>
    (pending ??= load().then(
      (value) => {
        get.value = value;
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ))) as Lazy<T> & { value: T | undefined };
  get.value = undefined;
  return get;
}
