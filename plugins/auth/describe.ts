import { ParameterError } from "../../kernel/index.js";
import type { AppCredentials } from "./types.js";

/** Validation helpers for credentials: messages name the field and the fix, never the value. */

/** What a bad value is, without echoing it. */
export function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (typeof value === "string") return value.trim() ? "a string" : "an empty string";
  const kind = Array.isArray(value) ? "array" : typeof value;
  return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;
}

/** `value` as a non-empty string without CR/LF/NUL, or a ParameterError naming `field`. */
export function text(value: unknown, field: string, where: string, fix: string, multiline = false): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new ParameterError(`${where}: "${field}" is ${describe(value)}; pass a non-empty string, e.g. ${fix}.`);
  if (!multiline && /[\r\n\0]/.test(value.trim()))
    throw new ParameterError(`${where}: "${field}" contains CR, LF or NUL; remove them.`);
  return value;
}

/** Echo a short all-letters value (a misspelt type such as "Token"), never anything that could be a secret. */
export function safeWord(value: unknown): string | undefined {
  return typeof value === "string" && /^[a-z]{1,12}$/i.test(value) ? `"${value}"` : undefined;
}

/** Whether `option` (the `auth` option) is a GitHub App config (check-app.ts checks it). */
export function isApp(option: unknown): option is AppCredentials {
  return typeof option === "object" && option !== null && "appId" in option;
}
