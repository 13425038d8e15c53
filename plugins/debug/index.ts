import { onSend, type Plugin } from "../../kernel/index.js";
import { createPrinter } from "./printer.js";

/**
 * Debug output through the `debug` package. Enable it with `DEBUG=forgekit:rest*` in Node
 * or `localStorage.debug = "forgekit:rest*"` in a browser: one `forgekit:rest:request` line
 * per request and per response (method, route, URL, status, duration, GitHub's request id
 * and rate-limit remaining), and every plugin's `log.debug(message, { namespace })` under
 * `forgekit:rest:<namespace>`. Every line is redacted. See docs/debugging.md. (The presets
 * apply `lazyDebug` from lazy.ts instead: it loads all this only when `DEBUG` could enable it.)
 *
 * @example
 * // DEBUG=forgekit:rest* node app.js
 * const client = new (Client.plugin([debug]))();
 * await client.request("GET /rate_limit");
 * // forgekit:rest:request GET /rate_limit https://api.github.com/rate_limit
 * // forgekit:rest:request GET /rate_limit → 200 in 84 ms (request id 0400:…, rate limit remaining 4999)
 */
export const debug: Plugin<void> = (client) => {
  const printer = createPrinter();
  const log = client.options.log;
  const forward = log.debug;
  log.debug = (message: string, ...extra: unknown[]) => {
    printer.log(message, extra);
    forward.call(log, message, ...extra);
  };
  onSend(client, printer.start);
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
debug.options = [];
