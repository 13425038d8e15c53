import { ParameterError } from "../../kernel/index.js";
import { describe, text } from "./describe.js";
import { basic, fixed, fromAuthenticate } from "./forms.js";
import { tokenHeader } from "./header.js";
import type { AuthOption, AppCredentials, Strategy } from "./types.js";

/** The `auth` constructor option, checked at construction (before any request). */

/** The first line of a PKCS#1 or PKCS#8 PEM (GitHub hands out PKCS#1); not an encrypted key. */
const PEM = /-----BEGIN (?:RSA )?PRIVATE KEY-----/;

/** What is wrong with an id, in the words a user can act on (numbers are not secrets). */
function describeId(value: unknown): string {
  if (typeof value !== "number") return describe(value);
  // Number(process.env.GITHUB_APP_ID) with the variable unset or empty.
  if (Number.isNaN(value)) return "NaN (Number() of an unset or non-numeric value: is the environment variable set?)";
  if (value <= 0) return `${value}, not a positive integer`;
  return Number.isInteger(value) ? `${value}, larger than any id` : `${value}, not a whole number`;
}

/** Check an App config without loading the App strategy (it is imported on first use). */
export function checkApp(app: AppCredentials): void {
  const where = `The "auth" option for a GitHub App`;
  const id = (value: unknown) =>
    typeof value === "number"
      ? Number.isSafeInteger(value) && value > 0
      : typeof value === "string" && /^[\w.-]+$/.test(value);
  if (!id(app.appId))
    throw new ParameterError(
      `${where}: "appId" is ${describeId(app.appId)}; pass the app's id (a positive integer) or client id.`,
    );
  if (app.installationId !== undefined && !id(app.installationId))
    throw new ParameterError(
      `${where}: "installationId" is ${describeId(app.installationId)}; pass a positive integer.`,
    );
  if (typeof app.privateKey !== "string" || !PEM.test(app.privateKey)) {
    throw new ParameterError(
      `${where}: "privateKey" is ${typeof app.privateKey === "string" ? "not an unencrypted PEM RSA private key" : describe(app.privateKey)}; pass the text of the .pem file from the app's settings page.`,
    );
  }
}

/** The `auth` constructor option, except an App config (see index.ts, which loads it lazily). */
export function fromOption(option: Exclude<AuthOption, AppCredentials>): Strategy {
  if (typeof option === "string")
    return fixed("token", tokenHeader(text(option, "auth", `The "auth" option`, `"<ACCESS_TOKEN>"`)));
  if (typeof option === "function") {
    return {
      kind: "function",
      async header(endpoint) {
        const value: unknown = await option({ method: endpoint.method, url: endpoint.url });
        if (value === undefined || value === null || value === "") return undefined;
        if (typeof value !== "string")
          throw new ParameterError(
            `The "auth" function must return a token string or undefined; it returned ${describe(value)}.`,
          );
        return tokenHeader(value);
      },
    };
  }
  const given = (typeof option === "object" && option !== null ? option : {}) as Record<string, unknown>;
  const where = `The "auth" option`;
  if ("type" in given) return fromAuthenticate(given as never, where);
  if ("username" in given)
    return basic(
      given.username as string,
      given.password as string,
      ["username", "password"],
      where,
      `{ username: "<USERNAME>", password: "<PASSWORD>" }`,
    );
  if ("clientId" in given)
    return basic(
      given.clientId as string,
      given.clientSecret as string,
      ["clientId", "clientSecret"],
      where,
      `{ clientId: "<CLIENT_ID>", clientSecret: "<CLIENT_SECRET>" }`,
    );
  throw new ParameterError(
    `${where} must be a token string, { username, password }, { clientId, clientSecret }, { appId, privateKey, installationId? } or a function returning a token; got ${describe(option)}.`,
  );
}
