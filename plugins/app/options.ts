import { ParameterError } from "../../kernel/index.js";
import type { AppOptions } from "./types.js";

/** `new App(options)` checked before any I/O: what is wrong and how to fix it, never a value. */
export function checkAppOptions(options: AppOptions<any>): void {
  if (typeof options !== "object" || options === null)
    throw new ParameterError(
      `new App() takes { appId, privateKey, webhooks: { secret } }; got ${options === null ? "null" : typeof options}.`,
    );
  if (options.Octokit !== undefined && typeof options.Octokit !== "function")
    throw new ParameterError(
      `new App(): "Octokit" must be a client class such as Client.plugin([...]) from "forgekit/core" or Octokit from "forgekit".`,
    );
  if (options.octokitOptions !== undefined && (typeof options.octokitOptions !== "object" || !options.octokitOptions))
    throw new ParameterError(`new App(): "octokitOptions" must be an object of client options, e.g. { baseUrl }.`);
  if (options.octokitOptions && "auth" in options.octokitOptions)
    throw new ParameterError(
      `new App(): "octokitOptions" must not set "auth": the app authenticates its clients with appId and privateKey.`,
    );
}

/** An installation id as `getInstallationOctokit` takes it: a positive integer (or its digits). */
export function checkInstallationId(id: unknown): string {
  if (
    (typeof id === "number" && Number.isSafeInteger(id) && id > 0) ||
    (typeof id === "string" && /^[1-9]\d*$/.test(id))
  )
    return String(id);
  throw new ParameterError(
    `getInstallationOctokit(): the installation id is ${typeof id === "number" ? String(id) : typeof id}; pass a positive integer, e.g. payload.installation.id.`,
  );
}
