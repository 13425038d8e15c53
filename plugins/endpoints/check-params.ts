import { ParameterError, type ParamMeta } from "../../kernel/index.js";

// Loaded with the checks (plugins/endpoints/method.ts `withChecks`): a typo'd parameter warns.
export { warnUnknownParams } from "./unknown-params.js";

/**
 * Checking parameters against an operation's metadata, before anything is sent:
 * missing required, wrong type, value outside the allowed values, null where not nullable.
 * Unknown extra parameters pass: GitHub adds parameters before its description does.
 * What GitHub accepts on the wire passes: a number for a string path or query parameter (it
 * travels as text), a `Date` for a string (JSON and query values carry its ISO form), an empty
 * or missing file `path` (the repository root), and the path parameters a caller-given
 * absolute `url` already names (`uploadReleaseAsset({ url: release.upload_url })`).
 */

/** Whether `value` fits `type` (`"string"`, `"integer"`, `"string|integer"`, …; `""` is any) for a parameter sent in `where`. */
function fits(value: unknown, type: string, where: string): boolean {
  const actual = Array.isArray(value)
    ? "array"
    : value instanceof Date
      ? "date"
      : value === null
        ? "null"
        : typeof value === "number"
          ? Number.isInteger(value)
            ? "integer"
            : "number"
          : typeof value;
  // The usual case: one type, matched exactly.
  if (actual === type) return true;
  return type.split("|").some((expected) => {
    if (expected === actual || (expected === "number" && actual === "integer")) return true;
    if (expected === "string" && actual === "date") return !Number.isNaN((value as Date).getTime());
    if (expected === "string" && (where === "p" || where === "q") && typeof value === "number")
      return Number.isFinite(value);
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
    : value instanceof Date
      ? "an invalid Date"
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
  // An absolute `url` replaces the route (v16's upload form): its path parameters are in it.
  const ownUrl = typeof params.url === "string" && /^https?:\/\//i.test(params.url);
  for (const [name, flags, type, values] of metas) {
    const value = params[name];
    // A multi-segment file path (`contents/{+path}`, `readme/{+dir}`): empty or missing names the root.
    const filePath = flags.includes("*") && (name === "path" || name === "dir");
    if (flags[0] === "p" && (ownUrl || (filePath && (value === undefined || value === "")))) continue;
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
