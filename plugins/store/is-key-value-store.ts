import type { KeyValueStore } from "../../kernel/index.js";

/**
 * Whether `value` has the three methods of a {@link KeyValueStore} (`get`, `set`, `delete`):
 * the check the `cache` and `throttle` options run on `store` at construction.
 */
export function isKeyValueStore(value: unknown): value is KeyValueStore {
  if (typeof value !== "object" || value === null) return false;
  const store = value as Record<string, unknown>;
  return typeof store.get === "function" && typeof store.set === "function" && typeof store.delete === "function";
}
