import { addSecret, ParameterError } from "../../kernel/index.js";
import { describe, safeWord, text } from "./describe.js";
import { basicHeader, known } from "./header.js";
import type { AuthenticateOptions, Strategy } from "./types.js";

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

/** A strategy that sends the same `authorization` value every time. */
export function fixed(kind: string, header: string): Strategy {
  return { kind, fixed: known(header), header: () => header };
}

/** HTTP Basic from a user and a secret, checked (`names` are the fields, for messages). */
export function basic(user: string, secret: string, names: [string, string], where: string, fix: string): Strategy {
  // RFC 7617 §2: the user-id cannot contain a colon (the password can).
  if (text(user, names[0], where, fix).includes(":"))
    throw new ParameterError(`${where}: "${names[0]}" contains ":", which HTTP Basic cannot carry (RFC 7617 §2).`);
  // An OAuth app's client id is masked too (GitHub quotes it back); a username is public.
  if (names[0] !== "username") addSecret(user);
  return fixed("basic", basicHeader(user, text(secret, names[1], where, fix)));
}

/** `client.authenticate(auth)`'s forms: @octokit/rest v15/v16's types (docs/authentication.md). */
export function fromAuthenticate(auth: AuthenticateOptions, where = "authenticate()"): Strategy {
  if (typeof auth !== "object" || auth === null || Array.isArray(auth)) {
    throw new ParameterError(`${where} takes an object such as ${EXAMPLES.token}; got ${describe(auth)}.`);
  }
  const given = auth as Record<string, unknown>;
  const fix = typeof given.type === "string" && Object.hasOwn(EXAMPLES, given.type) ? EXAMPLES[given.type] : undefined;
  if (fix === undefined)
    throw new ParameterError(
      `${where}: "type" must be ${TYPES}; got ${safeWord(given.type) ?? (given.type ? "another string" : describe(given.type))}.`,
    );
  const context = `${where} with type "${given.type}"`;
  if (given.type === "basic")
    return basic(given.username as string, given.password as string, ["username", "password"], context, fix);
  if (given.type === "oauth" && given.token === undefined && (given.key !== undefined || given.secret !== undefined)) {
    return basic(given.key as string, given.secret as string, ["key", "secret"], context, fix);
  }
  if (given.type === "oauth" && given.key !== undefined)
    throw new ParameterError(`${context}: pass either "token" or "key" and "secret", not both.`);
  const token = text(given.token, "token", context, fix);
  return fixed(given.type as string, given.type === "app" ? `bearer ${token.trim()}` : `token ${token.trim()}`);
}
