import createDebug, { type Debugger } from "debug";
import { learnCredentials, parse, redact, type EndpointOptions, type Response, type Send } from "../../kernel/index.js";
import { errorLine, requestLine, responseLine } from "./line.js";

/** Root of every debug namespace: `DEBUG=forgekit:rest*` shows them all (docs/debugging.md). */
const ROOT = "forgekit:rest";
const NAMESPACE = /^[\w-]+$/;

/** The `{ namespace }` hint plugins pass as `log.debug(message, { namespace: "auth" })`. */
function namespaceOf(extra: unknown[]): string | undefined {
  const hint = extra[extra.length - 1] as { namespace?: unknown } | undefined;
  return typeof hint?.namespace === "string" && NAMESPACE.test(hint.namespace) ? hint.namespace : undefined;
}

/** The debug output: `log` for `log.debug` calls, `around` for each attempt sent. */
export interface Printer {
  /** Print a `log.debug(message, ...extra)` call under `forgekit:rest[:<namespace>]`, redacted. */
  log(message: string, extra: unknown[]): void;
  /** Send one attempt (the plugin's `wrap`): the request line now, the response or error line when it settles. */
  around(send: Send, options: EndpointOptions): Promise<Response<any>>;
}

/** The part of the debug plugin that needs the `debug` package (the only module that imports it). */
export function createPrinter(): Printer {
  // Instances are made on first use: constructing a client does no work for debug.
  const instances = new Map<string, Debugger>();
  const get = (name: string) => instances.get(name) ?? instances.set(name, createDebug(name)).get(name)!;
  return {
    log(message, extra) {
      const namespace = namespaceOf(extra);
      const out = get(namespace ? `${ROOT}:${namespace}` : ROOT);
      if (out.enabled) out("%s", redact(String(message)));
    },
    async around(send, options) {
      const out = get(`${ROOT}:request`);
      // Checked per attempt (a cheap getter): `createDebug.enable()` at any time takes effect.
      if (!out.enabled) return send(options);
      // A caller's own `authorization` header is known to no auth plugin: learn it before printing.
      learnCredentials(options.headers);
      out("%s", requestLine(options, parse(options).url));
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      try {
        const response = await send(options);
        out("%s", responseLine(options, response.status, response.headers, ms()));
        return response;
      } catch (error) {
        out("%s", errorLine(options, error, ms()));
        throw error;
      }
    },
  };
}
