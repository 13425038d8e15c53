import { UsageError, type Flags } from "./args.js";

/**
 * `gh api` habits on `forgekit api` (an alias of `forgekit request`): a path without its
 * leading slash (`repos/{owner}/{repo}`), the method from `-X`/`--method`, and gh's default
 * method: GET, or POST when `-f`/`-F` fields are given. `--hostname` names a GHES host.
 */

const HELP = "forgekit request --help";

/** The route to send: `given` (`"GET /x"`, `"/x"`, `"x"`) with `-X` and gh's default method applied. */
export function apiRoute(given: string, flags: Flags): string {
  const match = /^([A-Za-z]+)\s+(\S[\s\S]*)$/.exec(given.trim());
  const named = match?.[1];
  let path = (match ? match[2] : given.trim()) as string;
  if (!/^(?:\/|https?:\/\/|\{)/i.test(path)) path = `/${path}`;
  let method = named;
  if (flags.method !== undefined) {
    if (!/^[A-Za-z]+$/.test(flags.method))
      throw new UsageError(`-X ${JSON.stringify(flags.method)}: expected an HTTP method, e.g. -X POST.`, HELP);
    if (named && named.toUpperCase() !== flags.method.toUpperCase())
      throw new UsageError(
        `the route says ${named.toUpperCase()} and -X says ${flags.method.toUpperCase()}: name the method once.`,
        HELP,
      );
    method = flags.method;
  }
  // gh api: "The default HTTP request method is GET normally and POST if any parameters were added."
  method ??= flags.fields.length > 0 ? "POST" : "GET";
  return `${method.toUpperCase()} ${path}`;
}

/** `--hostname github.com` is api.github.com; any other host is a GHES at `https://HOST/api/v3`. */
export function hostnameUrl(hostname: string): string {
  const host = hostname.trim().replace(/\/+$/, "");
  if (!/^[\w.-]+(?::\d+)?$/.test(host))
    throw new UsageError(
      `--hostname ${JSON.stringify(hostname)}: expected a host name such as github.example.com (for a full URL, use --base-url).`,
    );
  return /^(?:api\.)?github\.com$/i.test(host) ? "https://api.github.com" : `https://${host}/api/v3`;
}
