import { ParameterError } from "../../kernel/index.js";
import type { Engine } from "./types.js";

/** Option checks shared by `retry` and `throttle`: bad input fails at construction, before any I/O. */

/** The longest a timer can wait: setTimeout fires at once beyond 2^31 − 1 ms (~24.8 days). */
export const MAX_TIMER = 2_147_483_647;

/** `options[key]` when it is a number in [min, max] (an integer if asked), else a ParameterError naming the fix. */
export function numberOption(
  options: Record<string, unknown>,
  key: string,
  where: string,
  min: number,
  max: number,
  integer = false,
): number | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (
    typeof value !== "number" ||
    Number.isNaN(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value) && value !== Infinity)
  ) {
    const kind = integer ? "an integer" : "a number";
    throw new ParameterError(
      `${where}.${key} must be ${kind} from ${min} to ${max}, got ${JSON.stringify(value) ?? String(value)}.`,
    );
  }
  return value;
}

/** Refuse keys an option object does not know (a typo would otherwise be ignored silently). */
export function knownKeys(options: Record<string, unknown>, where: string, known: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key))
      throw new ParameterError(`${where}.${key} is not an option; known options: ${known.join(", ")}.`);
  }
}

/** The plugin's option object: `undefined` → `{}`, `false` → `undefined` (plugin off), anything else must be a plain object. */
export function optionObject(value: unknown, where: string): Record<string, unknown> | undefined {
  if (value === false) return undefined;
  if (value === undefined || value === true) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ParameterError(
      `The ${where} option must be an object (or false to turn it off), got ${Array.isArray(value) ? "an array" : typeof value}.`,
    );
  }
  return value as Record<string, unknown>;
}

/** Set the engine's one `maxTotalWait`; `retry` and `throttle` may both give it, but not differently. */
export function setMaxTotalWait(
  engine: Pick<Engine, "maxTotalWait" | "maxTotalWaitFrom">,
  value: number | undefined,
  from: string,
): void {
  if (value === undefined) return;
  if (engine.maxTotalWaitFrom && engine.maxTotalWait !== value) {
    throw new ParameterError(
      `${from}.maxTotalWait (${value}) differs from ${engine.maxTotalWaitFrom}.maxTotalWait (${engine.maxTotalWait}); both set the same limit: give it once.`,
    );
  }
  engine.maxTotalWait = value;
  engine.maxTotalWaitFrom = from;
}

/** Set the engine's one `maxWait`; `retry` and `throttle` may both give it, but not differently. */
export function setMaxWait(
  engine: Pick<Engine, "maxWait" | "maxWaitFrom">,
  value: number | undefined,
  from: string,
): void {
  if (value === undefined) return;
  if (engine.maxWaitFrom && engine.maxWait !== value) {
    throw new ParameterError(
      `${from}.maxWait (${value}) differs from ${engine.maxWaitFrom}.maxWait (${engine.maxWait}); both set the same limit: give it once.`,
    );
  }
  engine.maxWait = value;
  engine.maxWaitFrom = from;
}
