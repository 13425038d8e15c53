import { ParameterError } from "../../kernel/index.js";
import { describe, text } from "./describe.js";
import { basic, fixed, fromAuthenticate } from "./forms.js";
import { tokenHeader } from "./header.js";
import type { AuthOption, AppCredentials, Strategy } from "./types.js";

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
