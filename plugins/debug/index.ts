import createDebug, { type Debugger } from "debug";
import { redact, type Plugin } from "../../kernel/index.js";
import { errorLine, requestLine, responseLine } from "./line.js";

/** Root of every debug namespace: `DEBUG=forgekit:rest*` shows them all (SPEC §1.7). */
const ROOT = "forgekit:rest";
const NAMESPACE = /^[\w-]+$/;

/** The `{ namespace }` hint plugins pass as `log.debug(message, { namespace: "auth" })`. */
function namespaceOf(extra: unknown[]): string | undefined {
  const hint = extra[extra.length - 1] as { namespace?: unknown } | undefined;
  return typeof hint?.namespace === "string" && NAMESPACE.test(hint.namespace) ? hint.namespace : undefined;
}

/**
 * Debug output through the `debug` package (the only module of forgekit that imports it).
 * Enable it with `DEBUG=forgekit:rest*` in Node or `localStorage.debug = "forgekit:rest*"`
 * in a browser: one `forgekit:rest:request` line per request and per response (method,
 * route, URL, status, duration, GitHub's request id and rate-limit remaining), and every
 * plugin's `log.debug(message, { namespace })` under `forgekit:rest:<namespace>`. Every
 * line is redacted. See docs/debugging.md.
 *
 * @example
 * // DEBUG=forgekit:rest* node app.js
 * const client = new (Client.plugin([debug]))();
 * await client.request("GET /rate_limit");
 * // forgekit:rest:request GET /rate_limit https://api.github.com/rate_limit
 * // forgekit:rest:request GET /rate_limit → 200 in 84 ms (request id 0400:…, rate limit remaining 4999)
 */
export const debug: Plugin<void> = (client) => {
  // Instances are made on first use: constructing a client does no work for debug.
  const instances = new Map<string, Debugger>();
  const get = (name: string) => instances.get(name) ?? instances.set(name, createDebug(name)).get(name)!;
  const log = client.options.log;
  const forward = log.debug;
  log.debug = (message: string, ...extra: unknown[]) => {
    const namespace = namespaceOf(extra);
    const out = get(namespace ? `${ROOT}:${namespace}` : ROOT);
    if (out.enabled) out("%s", redact(String(message)));
    forward.call(log, message, ...extra);
  };
  client.hook.wrap("request", async (request, options) => {
    const out = get(`${ROOT}:request`);
    if (!out.enabled) return request(options);
    out("%s", requestLine(options));
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await request(options);
      out("%s", responseLine(options, response.status, response.headers, elapsed()));
      return response;
    } catch (error) {
      out("%s", errorLine(options, error, elapsed()));
      throw error;
    }
  });
};
