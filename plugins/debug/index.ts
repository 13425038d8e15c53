import { lazy, type EndpointOptions, type Plugin, type Send } from "../../kernel/index.js";
import { debugWanted } from "./wanted.js";

/** The printer module (and with it the `debug` package), loaded once for every client. */
const printer = lazy(() => import("./printer.js").then((module) => module.createPrinter()));

/**
 * The plugin's `wrap`, shared by every client: checked per request (a string compare while
 * the setting stays the same), so that enabling debug after the client was made works. If the
 * printer cannot be loaded, the request goes out without its lines and the next one tries again.
 */
function requestLines(send: Send, options: EndpointOptions) {
  const loaded = printer.value;
  if (loaded) return loaded.around(send, options);
  if (!debugWanted()) return send(options);
  return printer().then(
    (p) => p.around(send, options),
    () => send(options),
  );
}

/**
 * Debug output through the `debug` package. Enable it with `DEBUG=forgekit:rest*` in Node
 * or `localStorage.debug = "forgekit:rest*"` in a browser: one `forgekit:rest:request` line
 * per request and per response (method, route, URL, status, duration, GitHub's request id
 * and rate-limit remaining), and every plugin's `log.debug(message, { namespace })` under
 * `forgekit:rest:<namespace>`. Every line is redacted. The `debug` package loads only once
 * `DEBUG` (Node) or `localStorage.debug` (browsers) could enable a forgekit namespace. See
 * docs/debugging.md.
 *
 * @example
 * // DEBUG=forgekit:rest* node app.js
 * const client = new (Client.plugin([debug]))();
 * await client.request("GET /rate_limit");
 * // forgekit:rest:request GET /rate_limit https://api.github.com/rate_limit
 * // forgekit:rest:request GET /rate_limit → 200 in 84 ms (request id 0400:…, rate limit remaining 4999)
 */
export const debug: Plugin<void> = (client) => {
  client.hook.wrap("request", requestLines);
  // Plugins' `log.debug` lines: routed only when debug is wanted at construction, so that
  // otherwise `log.debug` stays exactly what the caller gave. Lines logged while the printer
  // loads print in order once it is there; the caller's own `log.debug` is called at once.
  if (!debugWanted()) return;
  let queued: [string, unknown[]][] = [];
  const log = client.options.log;
  const forward = log.debug;
  log.debug = (message: string, ...extra: unknown[]) => {
    const loaded = printer.value;
    if (loaded) loaded.log(message, extra);
    else {
      queued.push([message, extra]);
      printer().then(
        (p) => {
          for (const [m, e] of queued.splice(0)) p.log(m, e);
        },
        () => void (queued = []),
      );
    }
    forward.call(log, message, ...extra);
  };
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
debug.options = [];
// Its place in the Node preset's order (plugins/presets/builtins.ts), which the browser preset
// keeps when this plugin is added to it with `Client.plugin` (plugins/presets/place.ts).
Object.defineProperty(debug, Symbol.for("forgekit.presetPlace"), { value: 1 });
