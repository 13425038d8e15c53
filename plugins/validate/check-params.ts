import { ParameterError, type ParamMeta } from "../../kernel/index.js";

/**
 * Checking parameters against an operation's metadata, before anything is sent:
 * missing required, wrong type, value outside the allowed values, null where not nullable.
 * Unknown extra parameters pass: GitHub adds parameters before its description does.
 */

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Whether `value` fits `type` (`"string"`, `"integer"`, `"string|integer"`, …; `""` is any) for a parameter sent in `where`. */
function fits(value: unknown, type: string, where: string): boolean {
  const actual = typeOf(value);
  return type.split("|").some((expected) => {
    if (expected === actual || (expected === "number" && actual === "integer")) return true;
    // Path and query values travel as text: "42" is a fine integer there.
    if ((where === "p" || where === "q") && typeof value === "string" && value.trim() !== "") {
      return expected === "integer"
        ? /^-?\d+$/.test(value)
        : expected === "number"
          ? !Number.isNaN(Number(value))
          : false;
    }
    return false;
  });
}

const show = (value: unknown) =>
  typeof value === "string"
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? "an array"
      : value === null
        ? "null"
        : typeof value === "object"
          ? "an object"
          : String(value);

/**
 * Throw a {@link ParameterError} naming the parameter, the operation and what was expected
 * when `params` do not satisfy `metas`.
 *
 * @example
 * checkParams("repos.listForOrg", [["org", "p!", "string"], ["type", "q", "string", ["all", "public"]]], { org: "o", type: "publik" });
 * // ParameterError: repos.listForOrg: parameter "type" must be one of "all", "public"; got "publik".
 */
export function checkParams(operation: string, metas: readonly ParamMeta[], params: Record<string, unknown>): void {
  for (const [name, flags, type, values] of metas) {
    const value = params[name];
    const required = flags.includes("!");
    if (value === undefined || (value === null && required && !flags.includes("?"))) {
      if (required) throw new ParameterError(`${operation}: parameter "${name}" is required (${type}); pass it.`);
      continue;
    }
    if (value === null) {
      if (flags.includes("?") || values?.includes(null)) continue;
      throw new ParameterError(`${operation}: parameter "${name}" cannot be null; pass a ${type} or leave it out.`);
    }
    if (values && !values.includes(value as never)) {
      throw new ParameterError(
        `${operation}: parameter "${name}" must be one of ${values.map(show).join(", ")}; got ${show(value)}.`,
      );
    }
    if (type && !fits(value, type, flags[0] as string)) {
      throw new ParameterError(
        `${operation}: parameter "${name}" must be ${/^[aeiou]/.test(type) ? "an" : "a"} ${type.replace("|", " or ")}; got ${show(value)}.`,
      );
    }
  }
}
