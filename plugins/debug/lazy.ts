import { lazy, onSend, type Observe, type Plugin } from "../../kernel/index.js";
import { debugWanted } from "./wanted.js";

/** The printer module (and with it the `debug` package), loaded once for every client. */
const printer = lazy(() => import("./printer.js").then((module) => module.createPrinter()));

/** Request lines, checked per request so that enabling debug later works (shared by every client). */
const requestLines: Observe = (request, options) => {
  const loaded = printer.value;
  if (loaded) return loaded.start(request, options);
  if (!debugWanted()) return undefined;
  return printer().then(
    (p) => p.start(request, options),
    () => undefined,
  );
};

/**
 * The debug plugin as the presets apply it, with no hook: the `debug` package loads only once
 * `DEBUG` (Node; `createDebug.enable()` writes it) or `localStorage.debug` (browsers) could
 * enable a forgekit namespace. Request lines check that per request (a string compare while
 * the setting stays the same), so enabling debug after the client was made works; if the
 * printer cannot be loaded, the request goes out without them and the next one tries again.
 * Plugins' `log.debug` lines are routed when debug is wanted at construction; those logged
 * while the printer loads print in order once it is there. The caller's own `log.debug` is
 * always called at once.
 */
export const lazyDebug: Plugin<void> = (client) => {
  onSend(client, requestLines);
  // Plugins' `log.debug` lines: routed only when debug is wanted at construction, so that
  // otherwise `log.debug` stays exactly what the caller gave.
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
lazyDebug.options = [];
