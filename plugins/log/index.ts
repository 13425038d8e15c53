import {
  isHttpError,
  redact,
  ParameterError,
  warnOnce,
  type EndpointOptions,
  type Log,
  type Plugin,
  type ResponseHeaders,
} from "../../kernel/index.js";

const LEVELS = ["debug", "info", "warn", "error"] as const;

/** The route a deprecation is reported for: method and template (an absolute URL without its query). */
function routeOf(options: EndpointOptions): string {
  return `${options.method} ${redact(options.url.split("?")[0] as string)}`;
}

/**
 * GitHub announces a retired operation with `Deprecation` (RFC 9745) and `Sunset`
 * (RFC 8594) response headers: warn once per process per route.
 */
function warnDeprecated(log: Log, headers: ResponseHeaders | undefined, options: EndpointOptions): void {
  const deprecation = headers?.deprecation;
  const sunset = headers?.sunset;
  if (!deprecation && !sunset) return;
  const route = routeOf(options);
  const details = [deprecation && `deprecation: ${deprecation}`, sunset && `sunset: ${sunset}`]
    .filter(Boolean)
    .join("; ");
  const what = deprecation ? "is deprecated" : "will be removed";
  warnOnce(
    log,
    `forgekit:deprecation:${route}`,
    `GitHub says ${route} ${what} (${redact(details)}). Move to its replacement: https://docs.github.com/rest`,
  );
}

/**
 * The `log` option as `client.log`: `{ debug, info, warn, error }` (no-op `debug`/`info`,
 * `console.warn`/`console.error` by default; replace any of them). It also warns once
 * per route when GitHub's response carries a `Deprecation` or `Sunset` header.
 *
 * @example
 * const client = new (Client.plugin(log))({ log: { warn: (message) => myLogger.warn(message) } });
 * client.log.info("hello");
 */
export const log: Plugin<{ log: Log }> = (client) => {
  for (const level of LEVELS) {
    if (typeof client.options.log[level] !== "function") {
      throw new ParameterError(
        `The log option's ${level} is ${typeof client.options.log[level]}; pass a function (message, ...extra) => void or leave it out.`,
      );
    }
  }
  // One check of each attempt's headers (innermost but for debug, in the presets).
  client.hook.wrap("request", async (send, options) => {
    try {
      const response = await send(options);
      const { headers } = response;
      if (headers.deprecation || headers.sunset) warnDeprecated(client.options.log, headers, options);
      return response;
    } catch (error) {
      if (isHttpError(error)) warnDeprecated(client.options.log, error.headers, options);
      throw error;
    }
  });
  return { log: client.options.log };
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
log.options = [];
