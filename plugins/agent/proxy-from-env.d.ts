// proxy-from-env ships no types: the one function plugins/agent/proxy.ts uses.
declare module "proxy-from-env" {
  /** The proxy URL the environment names for `url`, or "" for a direct connection. */
  export function getProxyForUrl(url: string | URL): string;
}
