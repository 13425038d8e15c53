import { ParameterError } from "./errors.js";

/**
 * Userinfo in a request's URL (`https://user:pw@host/…`) is refused before any I/O: node:http
 * would send it as Basic auth of its own (not the `authorization` forgekit redacts by header
 * name), and fetch refuses such a URL only after the hooks ran (Fetch standard, Request
 * constructor step 5.4). The message shows neither the user nor the password: either may be
 * a token.
 */
export function refuseUserinfo(url: URL, method: string): void {
  if (!url.username && !url.password) return;
  throw new ParameterError(
    `The URL of a ${method} request holds credentials ("${url.protocol}//[REDACTED]@${url.host}"): remove them from the URL and pass them as the auth option (or an authorization header) instead.`,
  );
}

/** `url` with whatever stands before an `@` in its authority replaced, for a message about a URL that does not parse. */
export const withoutUserinfo = (url: string) => url.replace(/(\b[a-z][\w+.-]*:\/\/)[^/?#\s]*@/gi, "$1[REDACTED]@");
