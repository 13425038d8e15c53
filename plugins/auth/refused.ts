import type { HttpError } from "../../kernel/index.js";

/**
 * The token exchange's 401, said as what it means: GitHub refused the App's own credentials
 * (its JWT, signed with the private key, for the app id), so no installation token can be had
 * until they are fixed. The error stays the `HttpError` it was (status, headers, response);
 * only its message gains the diagnosis and the fix. docs/authentication.md#github-apps.
 */
export function credentialsRefused(error: HttpError, appId: number | string): HttpError {
  error.message = `GitHub refused the App's credentials (app ${appId}): its JWT was not accepted, so no installation token could be made. Check the appId and the private key (revoked, rotated or from another App?). ${error.message}`;
  if (error.stack) error.stack = error.stack.replace(/^[^\n]*/, `${error.name}: ${error.message}`);
  return error;
}
