import { RequestError } from "../../kernel/index.js";
import { basicHeader, tokenHeader } from "./header.js";
import type { AuthenticateOptions, AuthOption, AppCredentials, Strategy } from "./types.js";

/**
 * Credentials in, a {@link Strategy} out — validated at once, with messages that name the
 * missing or malformed field and the fix, and never echo a value (it may be a secret).
 */

const TYPES = `"basic", "oauth", "token" or "app"`;
const EXAMPLES: Record<string, string> = {
  basic: `{ type: "basic", username: "<USERNAME>", password: "<PASSWORD>" }`,
  oauth: `{ type: "oauth", token: "<ACCESS_TOKEN>" } or { type: "oauth", key: "<CLIENT_ID>", secret: "<CLIENT_SECRET>" }`,
  token: `{ type: "token", token: "<ACCESS_TOKEN>" }`,
  app: `{ type: "app", token: "<JWT>" }`,
};

/** What a bad value is, without echoing it. */
function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (typeof value === "string") return value.trim() ? "a string of another kind" : "an empty string";
  const kind = Array.isArray(value) ? "array" : typeof value;
  return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;
}

/** `value` as a non-empty string without CR/LF/NUL, or a RequestError naming `field`. */
function text(value: unknown, field: string, where: string, fix: string, multiline = false): string {
  if (typeof value !== "string" || value.trim() === "") throw new RequestError(`${where}: "${field}" is ${describe(value)}; pass a non-empty string, e.g. ${fix}.`);
  if (!multiline && /[\r\n\0]/.test(value.trim())) throw new RequestError(`${where}: "${field}" contains CR, LF or NUL; remove them.`);
  return value;
}

/** Echo a short all-letters value (a misspelt type such as "Token"), never anything that could be a secret. */
function safeWord(value: unknown): string | undefined {
  return typeof value === "string" && /^[a-z]{1,12}$/i.test(value) ? `"${value}"` : undefined;
}

function fixed(kind: string, header: string): Strategy {
  return { kind, header: () => header };
}

function basic(user: string, secret: string, names: [string, string], where: string, fix: string): Strategy {
  // RFC 7617 §2: the user-id cannot contain a colon (the password can).
  if (text(user, names[0], where, fix).includes(":")) throw new RequestError(`${where}: "${names[0]}" contains ":", which HTTP Basic cannot carry (RFC 7617 §2).`);
  return fixed("basic", basicHeader(user, text(secret, names[1], where, fix)));
}

/** `client.authenticate(auth)`'s forms (SPEC §5). */
export function fromAuthenticate(auth: AuthenticateOptions, where = "authenticate()"): Strategy {
  if (typeof auth !== "object" || auth === null || Array.isArray(auth)) {
    throw new RequestError(`${where} takes an object such as ${EXAMPLES.token}; got ${describe(auth)}.`);
  }
  const given = auth as Record<string, unknown>;
  const fix = typeof given.type === "string" && Object.hasOwn(EXAMPLES, given.type) ? EXAMPLES[given.type] : undefined;
  if (fix === undefined) throw new RequestError(`${where}: "type" must be ${TYPES}; got ${safeWord(given.type) ?? describe(given.type)}.`);
  const where_ = `${where} with type "${given.type}"`;
  if (given.type === "basic") return basic(given.username as string, given.password as string, ["username", "password"], where_, fix);
  if (given.type === "oauth" && given.token === undefined && (given.key !== undefined || given.secret !== undefined)) {
    return basic(given.key as string, given.secret as string, ["key", "secret"], where_, fix);
  }
  if (given.type === "oauth" && given.key !== undefined) throw new RequestError(`${where_}: pass either "token" or "key" and "secret", not both.`);
  const token = text(given.token, "token", where_, fix);
  return fixed(given.type as string, given.type === "app" ? `bearer ${token.trim()}` : `token ${token.trim()}`);
}

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
