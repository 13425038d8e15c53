import type { KeyValueStore, Log } from "../../kernel/index.js";

type Value = string | undefined | null;
const isPromise = <T>(value: unknown): value is Promise<T> => typeof (value as Promise<T>)?.then === "function";

/**
 * The store as the throttle uses it: one that never throws. A failing store (Redis down)
 * logs a warning through the client's log, looked up at call time, and reads as "no pause":
 * the throttle fails open rather than failing requests.
 */
export function safeStore(store: KeyValueStore, log: () => Log): KeyValueStore {
  const warn = (error: unknown) =>
    log().warn(`throttle: the rate-limit store failed (${(error as Error)?.message ?? error}); continuing without it.`);
  const guard = <T>(call: () => T | Promise<T>): T | Promise<T | undefined> | undefined => {
    try {
      const result = call();
      return isPromise<T>(result) ? result.catch((error) => void warn(error)) : result;
    } catch (error) {
      return void warn(error);
    }
  };
  return {
    get: (key) => guard(() => store.get(key)) as Value | Promise<Value>,
    set: (key, value, ttl) => guard(() => store.set(key, value, ttl)) as void | Promise<void>,
    delete: (key) => guard(() => store.delete(key)) as void | Promise<void>,
  };
}
