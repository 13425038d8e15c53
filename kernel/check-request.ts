import { closest } from "./closest.js";
import { ParameterError } from "./errors.js";
import { warnOncePerLog } from "./once.js";
import type { Log } from "./types.js";

/**
 * Checks of what a caller passes beside parameters, before anything is sent: the method of
 * a route, the `request` options (client-wide and per call) and their `timeout`.
 */

/** The methods of HTTP that GitHub's REST API uses (RFC 9110 §9.3, PATCH from RFC 5789). */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * `request` option names forgekit reads: the kernel's and the built-in plugins'. A plugin
 * of your own may read others: only a near miss of one of these warns.
 */
const REQUEST_OPTIONS = [
  "fetch",
  "signal",
  "timeout",
  "agent",
  "redirect",
  "maxBodyBytes",
  "parseSuccessResponseBody",
  "proxy",
  "idleTimeout",
  "retries",
  "retryCount",
  "idempotent",
  "installationId",
];

/** Throw a {@link ParameterError} for a method HTTP does not have (`GTE /zen` would fail as a socket error). */
export function checkMethod(method: string, route: string): void {
  if (METHODS.includes(method)) return;
  const near = closest(method, METHODS);
  throw new ParameterError(
    `${route}: ${JSON.stringify(method)} is not an HTTP method${near ? `: did you mean ${near}?` : "."} Use one of ${METHODS.join(", ")}.`,
  );
}

/** Throw a {@link ParameterError} unless `timeout` is a number of milliseconds ≥ 0 (or absent). */
export function checkTimeout(timeout: unknown, where: string): void {
  if (timeout === undefined || (typeof timeout === "number" && timeout >= 0)) return;
  throw new ParameterError(
    `${where} must be a number of milliseconds ≥ 0 (0 for none), got ${typeof timeout === "string" ? JSON.stringify(timeout) : String(timeout)}: e.g. ${where}: 1000 for one second.`,
  );
}

/**
 * Check `request` options (`where`: `request` for the client's, `request (per call)`): a bad
 * `timeout` throws; a near miss of a known name (`timout`) warns once per name and log, as it
 * would otherwise be ignored.
 */
export function checkRequestOptions(request: object | undefined, where: string, log: Pick<Log, "warn">): void {
  if (!request) return;
  checkTimeout((request as { timeout?: unknown }).timeout, `${where}.timeout`);
  for (const key of Object.keys(request)) {
    if (REQUEST_OPTIONS.includes(key)) continue;
    const near = closest(key, REQUEST_OPTIONS);
    if (near)
      warnOncePerLog(
        log,
        `unknown request option ${key}`,
        `${where}: unknown option "${key}" — did you mean "${near}"? It is ignored.`,
      );
  }
}

/**
 * A call's own options, before it is merged: its `request` options as {@link checkRequestOptions}
 * does, and a top-level `timeout` (`client.request(route, { timeout: 50 })`), which is a
 * parameter sent to GitHub as @octokit sends it, not a time limit: warned once per log.
 */
export function checkCallOptions(given: Record<string, unknown> | undefined, log: Pick<Log, "warn">): void {
  if (!given) return;
  if (given.request) checkRequestOptions(given.request as object, "request", log);
  if (given.timeout !== undefined)
    warnOncePerLog(
      log,
      "per-call timeout",
      `timeout given per call is sent to GitHub as a parameter, not applied as a time limit: pass request: { timeout: ${typeof given.timeout === "number" ? given.timeout : "<ms>"} } for one.`,
    );
}
