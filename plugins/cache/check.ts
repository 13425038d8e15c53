import { ParameterError } from "../../kernel/index.js";
import type { CacheOptions } from "./options.js";

const SHAPE = "Use `cache: true` or `cache: { store?, maxEntries?, ttl? }`.";

function fail(message: string): never {
  throw new ParameterError(`Invalid cache option: ${message}`);
}

function isPositive(value: unknown, integer: boolean): boolean {
  return typeof value === "number" && value > 0 && Number.isFinite(value) && (!integer || Number.isInteger(value));
}

/**
 * Check the `cache` option without building anything (the presets run it at construction
 * and load the cache's code only when it is on): `undefined`/`false` → `false`, `true` or a
 * valid object → `true`, anything else throws a {@link ParameterError} naming the fix.
 */
export function checkCacheOption(option: unknown): option is true | CacheOptions {
  if (option === undefined || option === false) return false;
  if (option === true) return true;
  if (typeof option !== "object" || option === null || Array.isArray(option))
    fail(`got ${Array.isArray(option) ? "an array" : String(option)}. ${SHAPE}`);
  const { store, maxEntries, ttl, ...unknown } = option as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length) fail(`unknown key(s) ${extra.join(", ")}. ${SHAPE}`);
  if (maxEntries !== undefined && !isPositive(maxEntries, true))
    fail(`maxEntries must be a positive integer, got ${String(maxEntries)}.`);
  if (ttl !== undefined && !isPositive(ttl, false))
    fail(`ttl must be a positive number of milliseconds, got ${String(ttl)}.`);
  if (store === undefined) return true;
  const methods = ["get", "set", "delete"] as const;
  if (
    typeof store !== "object" ||
    store === null ||
    methods.some((m) => typeof (store as Record<string, unknown>)[m] !== "function")
  ) {
    fail(
      "store must implement get(key), set(key, value, ttl?) and delete(key), e.g. redisStore(client) from forgekit/plugins/redis.",
    );
  }
  if (maxEntries !== undefined)
    fail("maxEntries sizes the built-in memory store; with your own store, size that store instead.");
  return true;
}
