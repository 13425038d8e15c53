import { ParameterError } from "../../kernel/index.js";
import type { AppCredentials } from "./types.js";

/**
 * The `auth` option as a GitHub App config, checked at construction without loading the App
 * strategy (app.ts, imported on first use), by the two plugins that have App auth: `auth`
 * (with-app.ts) and `appAuth` (plugins/app-auth/). So `tokenAuth` (the browser preset's)
 * carries none of it. It imports no module of `tokenAuth`'s (describe.ts): shared with the
 * browser preset, `forgekit/plugins/app-auth` would need it as a chunk of its own. So the words
 * for a bad value are a parameter: `auth` passes describe.ts's (already in its bundle), `appAuth`
 * this file's copy of them, {@link describeValue}.
 */

/** The first line of a PKCS#1 or PKCS#8 PEM (GitHub hands out PKCS#1); not an encrypted key. */
const PEM = /-----BEGIN (?:RSA )?PRIVATE KEY-----/;

/** What a bad value is, never the value: describe.ts's words (not imported: see above). */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return value === null ? "null" : "missing";
  const type = Array.isArray(value) ? "array" : typeof value;
  if (type === "string") return (value as string).trim() ? "a string" : "an empty string";
  return `a${/^[aeiou]/.test(type) ? "n" : ""} ${type}`;
}

/** What is wrong with an id, in the words a user can act on (numbers are not secrets). */
function describeId(value: unknown, describe: Describe): string {
  if (typeof value !== "number") return describe(value);
  // Number(process.env.GITHUB_APP_ID) with the variable unset or empty.
  if (Number.isNaN(value)) return "NaN (Number() of an unset or non-numeric value: is the environment variable set?)";
  if (value <= 0) return `${value}, not a positive integer`;
  return Number.isInteger(value) ? `${value}, larger than any id` : `${value}, not a whole number`;
}

/** Words for a bad value that never echo it (describe.ts `describe`, or {@link describeValue}). */
export type Describe = (value: unknown) => string;

/** Check an App config; throws a `ParameterError` naming the field and the fix, never its value. */
export function checkApp(app: AppCredentials, describe: Describe): void {
  const where = `The "auth" option for a GitHub App`;
  const id = (value: unknown) =>
    typeof value === "number"
      ? Number.isSafeInteger(value) && value > 0
      : typeof value === "string" && /^[\w.-]+$/.test(value);
  if (!id(app.appId))
    throw new ParameterError(
      `${where}: "appId" is ${describeId(app.appId, describe)}; pass the app's id (a positive integer) or client id.`,
    );
  if (app.installationId !== undefined && !id(app.installationId))
    throw new ParameterError(
      `${where}: "installationId" is ${describeId(app.installationId, describe)}; pass a positive integer.`,
    );
  if (typeof app.privateKey !== "string" || !PEM.test(app.privateKey)) {
    throw new ParameterError(
      `${where}: "privateKey" is ${typeof app.privateKey === "string" ? "not an unencrypted PEM RSA private key" : describe(app.privateKey)}; pass the text of the .pem file from the app's settings page.`,
    );
  }
}
