import type { Log } from "./types.js";

/** A value loaded on first use: call it for a promise of the value; `value` holds it once loaded. */
export interface Lazy<T> {
  (): Promise<T>;
  /** The loaded value, or `undefined` until a load has succeeded. */
  readonly value: T | undefined;
}

/**
 * Wrap `load` so it runs once for every caller: forgekit's one way to load code or data on
 * demand. A failed load rejects the calls waiting on it only; the next call loads again (a
 * chunk that failed to download is retried instead of breaking until a reload).
 *
 * @example
 * const printer = lazy(() => import("./printer.js"));
 * (printer.value ?? (await printer())).print("hello");
 */
export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | undefined;
  const get = (() =>
    (pending ??= load().then(
      (value) => (get.value = value),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ))) as Lazy<T> & { value: T | undefined };
  get.value = undefined;
  return get;
}

/** What {@link onFirstUse} registered, run and cleared by the next request function made or request started. */
const firstUse = new Set<() => void>();

/**
 * Run `start` when a request function (an endpoint method) is next made or a request next
 * starts, in any client. A plugin whose first request loads code starts that load here, so the
 * loads of every plugin, the checks and the transport run side by side, not one after
 * another down the hook chain. Process-wide, as loaded code is; a function registered twice
 * runs once. `start` must not throw.
 *
 * @example
 * const code = lazy(() => import("./code.js"));
 * const load = () => void code().catch(() => {});
 * const plugin: Plugin = () => onFirstUse(load);
 */
export function onFirstUse(start: () => void): void {
  firstUse.add(start);
}

/** Run and clear what {@link onFirstUse} registered (kernel/request.ts). */
export function firstUsed(): void {
  if (!firstUse.size) return;
  for (const start of firstUse) start();
  firstUse.clear();
}

/** Make `value` an own, writable, enumerable property `key` of `self`, and return it. */
export function own<T>(self: object, key: PropertyKey, value: T): T {
  Object.defineProperty(self, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/**
 * Define `name` once per class on `client`'s prototype: a getter that makes the member for an
 * instance on its first access with `make` and keeps it as an own property (assigning sets
 * it too). A member most clients never use then costs them nothing.
 *
 * @example
 * const hello: Plugin<{ hello(): string }> = (client) =>
 *   memberOnFirstUse(client, "hello", (self) => () => `hello from ${self.options.baseUrl}`);
 */
export function memberOnFirstUse<C extends object>(client: C, name: string, make: (client: C) => unknown): void {
  const proto = Object.getPrototypeOf(client) as object;
  if (Object.hasOwn(proto, name)) return;
  Object.defineProperty(proto, name, {
    configurable: true,
    get(this: C) {
      const value = make(this);
      // `make` may have set the member already.
      return Object.hasOwn(this, name) ? (this as Record<string, unknown>)[name] : own(this, name, value);
    },
    set(this: object, value: unknown) {
      own(this, name, value);
    },
  });
}

const warned = new Set<string>();

/** `log.warn(message)` the first time `key` is seen in this process; later calls do nothing. */
export function warnOnce(log: Pick<Log, "warn">, key: string, message: string): void {
  if (!warned.has(key)) (warned.add(key), log.warn(message));
}

/** The keys each `log.warn` function has heard (a client's mistakes reach its own log). */
const heard = new WeakMap<object, Set<string>>();

/**
 * `log.warn(message)` the first time this `log.warn` function hears `key`: every client with
 * a log of its own hears of its own option mistakes, and clients sharing one log hear once.
 */
export function warnOncePerLog(log: Pick<Log, "warn">, key: string, message: string): void {
  let keys = heard.get(log.warn);
  if (!keys) heard.set(log.warn, (keys = new Set()));
  if (!keys.has(key)) (keys.add(key), log.warn(message));
}
