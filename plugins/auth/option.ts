import { RequestError } from "../../kernel/index.js";
import { describe, text } from "./check.js";
import { basic, fixed, fromAuthenticate } from "./forms.js";
import { tokenHeader } from "./header.js";
import type { AuthOption, AppCredentials, Strategy } from "./types.js";

/** The `auth` constructor option, checked at construction (before any request). */

const PEM = /-----BEGIN (?:RSA )?PRIVATE KEY-----/;

/** Check an App config without loading the App strategy (it is imported on first use). */
export function checkApp(app: AppCredentials): void {
  const where = `The "auth" option for a GitHub App`;
  const fix = `{ appId: 123, privateKey: "-----BEGIN RSA PRIVATE KEY-----…", installationId: 456 }`;
  const id = (value: unknown) => (typeof value === "number" ? Number.isSafeInteger(value) && value > 0 : typeof value === "string" && /^[\w.-]+$/.test(value));
  if (!id(app.appId)) throw new RequestError(`${where}: "appId" is ${describe(app.appId)}; pass the app's id or client id, e.g. ${fix}.`);
  if (app.installationId !== undefined && !id(app.installationId)) throw new RequestError(`${where}: "installationId" must be a positive integer; got ${describe(app.installationId)}.`);
  const key = text(app.privateKey, "privateKey", where, fix, true).replace(/\\n/g, "\n");
  if (!PEM.test(key)) {
    const encrypted = /ENCRYPTED PRIVATE KEY/.test(key) ? " An encrypted key must be decrypted first (openssl pkey)." : "";
    throw new RequestError(`${where}: "privateKey" is not a PEM RSA private key; pass the .pem file's text from the app's settings page.${encrypted}`);
  }
}

/** The `auth` constructor option, except an App config (see index.ts, which loads it lazily). */
export function fromOption(option: Exclude<AuthOption, AppCredentials>): Strategy {
  if (typeof option === "string") return fixed("token", tokenHeader(text(option, "auth", `The "auth" option`, `"<ACCESS_TOKEN>"`)));
  if (typeof option === "function") {
    return {
      kind: "function",
      async header(endpoint) {
        const value: unknown = await option({ method: endpoint.method, url: endpoint.url });
        if (value === undefined || value === null || value === "") return undefined;
        if (typeof value !== "string") throw new RequestError(`The "auth" function must return a token string or undefined; it returned ${describe(value)}.`);
        return tokenHeader(value);
      },
    };
  }
  const given = (typeof option === "object" && option !== null ? option : {}) as Record<string, unknown>;
  const where = `The "auth" option`;
  if ("type" in given) return fromAuthenticate(given as never, where);
  if ("username" in given) return basic(given.username as string, given.password as string, ["username", "password"], where, `{ username: "<USERNAME>", password: "<PASSWORD>" }`);
  if ("clientId" in given) return basic(given.clientId as string, given.clientSecret as string, ["clientId", "clientSecret"], where, `{ clientId: "<CLIENT_ID>", clientSecret: "<CLIENT_SECRET>" }`);
  throw new RequestError(
    `${where} must be a token string, { username, password }, { clientId, clientSecret }, { appId, privateKey, installationId? } or a function returning a token; got ${describe(option)}.`,
  );
}
