import { ParameterError } from "../../kernel/index.js";
import { knownKeys, MAX_TIMER, numberOption, optionObject } from "../policy/options.js";
import type { RetrySettings } from "./retrier.js";

/** The `retry` option, checked: the retrier's settings and the `maxWait` it gives the engine. */
export interface RetryConfig {
  settings: RetrySettings;
  maxWait: number | undefined;
  maxTotalWait: number | undefined;
}

// `enabled` and `doNotRetry` are `@octokit/plugin-retry`'s names, accepted with its meanings.
const KEYS = [
  "retries",
  "delay",
  "maxDelay",
  "maxWait",
  "maxTotalWait",
  "timeouts",
  "nonIdempotent",
  "enabled",
  "doNotRetry",
] as const;

function statuses(value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((s) => Number.isInteger(s) && s >= 100 && s <= 599))
    throw new ParameterError(
      `retry.doNotRetry must be an array of HTTP statuses such as [404, 422], got ${JSON.stringify(value)}.`,
    );
  return value;
}

function flag(options: Record<string, unknown>, key: string, fallback = false): boolean {
  const value = options[key] ?? fallback;
  if (typeof value !== "boolean")
    throw new ParameterError(`retry.${key} must be true or false, got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * Check the `retry` option (at construction, before any I/O; a `ParameterError` names the
 * fix): `false` → `undefined` (off), `undefined`/`true`/an object → the settings. Pure: the
 * presets run it eagerly and load the engine on the first request.
 */
export function retryConfig(option: unknown): RetryConfig | undefined {
  const given = optionObject(option, "retry");
  if (!given) return undefined;
  knownKeys(given, "retry", KEYS);
  if (flag(given, "enabled", true) === false) return undefined;
  const delay = numberOption(given, "delay", "retry", 0, MAX_TIMER) ?? 1000;
  const settings = {
    retries: numberOption(given, "retries", "retry", 0, 100, true) ?? 3,
    delay,
    maxDelay: numberOption(given, "maxDelay", "retry", delay, MAX_TIMER) ?? Math.max(delay, 30_000),
    timeouts: flag(given, "timeouts"),
    nonIdempotent: flag(given, "nonIdempotent"),
    ...(given.doNotRetry !== undefined && { doNotRetry: statuses(given.doNotRetry) }),
  };
  return {
    settings,
    maxWait: numberOption(given, "maxWait", "retry", 0, MAX_TIMER),
    maxTotalWait: numberOption(given, "maxTotalWait", "retry", 0, Infinity),
  };
}
