import type { Plugin } from "../../kernel/index.js";
import type { Printer } from "./printer.js";
import { debugWanted } from "./wanted.js";

/**
 * The debug plugin as the presets apply it: the `debug` package loads only when `DEBUG`
 * (Node) or `localStorage.debug` (browsers) could enable a forgekit namespace at
 * construction — otherwise the client gets no hook and `log.debug` is left as it is.
 * When wanted, the same hook and `log.debug` routing as the `debug` plugin, the printer loaded on
 * the first request or `log.debug` call; `log.debug` lines logged meanwhile print in order
 * once it is there. The caller's own `log.debug` is always called at once.
 */
export const lazyDebug: Plugin<void> = (client) => {
  if (!debugWanted()) return;
  let printer: Printer | undefined;
  let loading: Promise<Printer> | undefined;
  let queued: [string, unknown[]][] = [];
  const load = () =>
    (loading ??= import("./printer.js").then(
      (module) => {
        printer = module.createPrinter();
        for (const [message, extra] of queued) printer.log(message, extra);
        queued = [];
        return printer;
      },
      (error: unknown) => ((loading = undefined), (queued = []), Promise.reject(error)),
    ));
  const log = client.options.log;
  const forward = log.debug;
  log.debug = (message: string, ...extra: unknown[]) => {
    if (printer) printer.log(message, extra);
    else (queued.push([message, extra]), load().catch(() => {}));
    forward.call(log, message, ...extra);
  };
  // Debug output is optional: if its code cannot be loaded, the request goes out without it.
  client.hook.wrap("request", (request, options) =>
    printer
      ? printer.wrap(request, options)
      : load().then(
          (p) => p.wrap(request, options),
          () => request(options),
        ),
  );
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
lazyDebug.options = [];
