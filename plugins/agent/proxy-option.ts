import { ParameterError } from "../../kernel/index.js";

/** The variables that can name a proxy (plugins/agent/proxy.ts reads them with their rules). */
const VARS = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"];

/**
 * Whether a variable of the environment names a proxy: read once per client, when it is
 * made (as undici's EnvHttpProxyAgent reads them once); later changes are not seen.
 */
export function envNamesProxy(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return !!env && VARS.some((name) => env[name]);
}

/**
 * `request.proxy` checked before any I/O: an http(s) URL to use for every request, `false`
 * for none, or (unset) what the environment said (`fromEnv`). Returns the URL, `false` for a
 * direct connection, or `undefined` when a variable names a proxy (its rules decide per URL).
 * The error never quotes the value: a proxy URL may carry credentials.
 */
export function proxySetting(proxy: unknown, fromEnv: boolean): string | false | undefined {
  if (proxy === false) return false;
  if (proxy === undefined) return fromEnv ? undefined : false;
  let url: URL | undefined;
  try {
    url = typeof proxy === "string" || proxy instanceof URL ? new URL(proxy) : undefined;
  } catch {}
  if (url?.protocol !== "http:" && url?.protocol !== "https:")
    throw new ParameterError("request.proxy must be an http:// or https:// URL, or false (no proxy)");
  return url.href;
}
