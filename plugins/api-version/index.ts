import { ParameterError, type Plugin } from "../../kernel/index.js";
import { apiVersions, defaultDeployment, type ApiVersion } from "../../definitions/deployments.js";

export type { ApiVersion };

/** Options of the apiVersion plugin. */
export interface ApiVersionOptions {
  /**
   * The REST API version to ask for, sent as `X-GitHub-Api-Version` on every request
   * (docs/api-versions.md). Without it GitHub answers as 2022-11-28. The types follow it.
   */
  apiVersion?: ApiVersion;
}

const HEADER = "x-github-api-version";
const KNOWN = [...new Set(Object.values(apiVersions).flat())].sort();

/** The deployment name a `deployment` option (a name or a registry) stands for; undefined for a registry without one. */
function deploymentOf(option: unknown): string | undefined {
  if (option === undefined) return defaultDeployment;
  if (typeof option === "string") return option;
  const name = (option as { deployment?: unknown }).deployment;
  return typeof name === "string" ? name : undefined;
}

/** Throw unless `version` is one `deployment` supports (any known one for an unnamed registry). */
function checkVersion(version: unknown, deployment: string | undefined, what: string): string {
  const supported: readonly string[] =
    (deployment && (apiVersions as Record<string, readonly string[]>)[deployment]) || KNOWN;
  if (typeof version === "string" && supported.includes(version)) return version;
  const known = typeof version === "string" && (KNOWN as readonly string[]).includes(version);
  throw new ParameterError(
    `${what} ${JSON.stringify(version)} is ${known ? `not supported by ${deployment}` : "not a REST API version forgekit knows"}. Supported${deployment ? ` by ${deployment}` : ""}: ${supported.join(", ")}.`,
  );
}

/**
 * Ask for a REST API version: `apiVersion: "2026-03-10"` sends `X-GitHub-Api-Version` on every
 * request (a request's own header wins). A version forgekit does not know, or one the client's
 * deployment lacks (GitHub Enterprise Server 3.17 has only 2022-11-28), is a `ParameterError`
 * from the constructor. Parameters the version removed are refused by the endpoint methods
 * (plugins/endpoints/removed.ts).
 *
 * @example
 * const client = forgekit({ apiVersion: "2026-03-10" });
 */
export const apiVersion: Plugin<void, ApiVersionOptions> = (client, options) => {
  if (options.apiVersion === undefined) return;
  const deployment = deploymentOf((options as { deployment?: unknown }).deployment);
  const version = checkVersion(options.apiVersion, deployment, "apiVersion");
  client.hook.before("request", (request) => {
    const asked = request.headers[HEADER];
    if (asked === undefined) request.headers[HEADER] = version;
    else checkVersion(asked, deployment, `The ${HEADER} header`);
  });
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
apiVersion.options = ["apiVersion"];
