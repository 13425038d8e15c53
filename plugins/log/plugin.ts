import {
  isHttpError,
  ParameterError,
  type EndpointOptions,
  type Log,
  type Plugin,
  type ResponseHeaders,
} from "../../kernel/index.js";
import { logRequestsOf, recordCode, requestWriter, type LogRequests } from "./requests.js";

export type { LogRequests } from "./requests.js";
export type { RequestRecord } from "./record.js";

/** Options the `log` plugin reads besides `log`. */
export interface LogPluginOptions {
  /**
   * Per request: `"line"` (`GET /path - 200 in 12ms` to `log.info`), `"record"` (one object,
   * {@link RequestRecord}) or `false`. Default: `"line"` when `log.info` is given, else `false`.
   */
  logRequests?: LogRequests;
}

const LEVELS = ["debug", "info", "warn", "error"] as const;

/**
 * GitHub's `Deprecation` and `Sunset` headers, when `headers` has one: warned about by
 * record.ts's code, loaded then (most responses carry neither).
 */
async function deprecated(log: Log, headers: ResponseHeaders | undefined, options: EndpointOptions): Promise<void> {
  if (headers?.deprecation || headers?.sunset)
    (recordCode.value ?? (await recordCode())).warnDeprecated(log, headers, options);
}

/**
 * The `log` option as `client.log`: `{ debug, info, warn, error }` (no-op `debug`/`info`,
 * `console.warn`/`console.error` by default; replace any of them). It also warns once
 * per route when GitHub's response carries a `Deprecation` or `Sunset` header, and, when
 * `log.info` is given, writes one line per request (`logRequests`, docs/observability.md).
 *
 * @example
 * const client = new (Client.plugin(log))({ log: console }); // GET /zen - 200 in 12ms
 * const json = new (Client.plugin(log))({ log: pino(), logRequests: "record" });
 */
export const log: Plugin<{ log: Log }, LogPluginOptions> = (client, options) => {
  for (const level of LEVELS) {
    if (typeof client.options.log[level] !== "function") {
      throw new ParameterError(
        `The log option's ${level} is ${typeof client.options.log[level]}; pass a function (message, ...extra) => void or leave it out.`,
      );
    }
  }
  const mode = logRequestsOf(client, options.logRequests);
  const write = mode ? requestWriter(client, mode) : undefined;
  // One wrap, outside the retries (in the presets): the request's line or record, and a
  // warning for GitHub's deprecation headers.
  client.hook.wrap("request", async (send, options) => {
    const started = write && performance.now();
    try {
      const response = await send(options);
      const { headers } = response;
      // (Checked here too: no await on the common path.)
      if (headers.deprecation || headers.sunset) await deprecated(client.options.log, headers, options);
      await write?.(options, response, undefined, performance.now() - started!);
      return response;
    } catch (error) {
      if (isHttpError(error)) await deprecated(client.options.log, error.headers, options);
      await write?.(options, undefined, error, performance.now() - started!);
      throw error;
    }
  });
  return { log: client.options.log };
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
log.options = ["logRequests"];
