import {
  KERNEL_OPTIONS,
  KERNEL_REQUEST_OPTIONS,
  closest,
  warnOnce,
  type Client,
  type EndpointOptions,
  type Log,
  type Plugin,
} from "../../kernel/index.js";

export { closest } from "../../kernel/index.js";

/**
 * Warns once per name (per process) about an option no plugin of the client reads:
 * `new Client({ baseURL })` says `did you mean "baseUrl"?`. Each plugin lists the names it
 * reads as `plugin.options` (top level) and `plugin.requestOptions` (`request: { … }`); a
 * plugin that lists no `options` may read any name, and then only near-misses of a known name
 * warn. `request` options warn on a near miss only, client-wide at construction and per call.
 * Part of the presets; compose it into your own client to get the same check.
 *
 * @example
 * const MyClient = Client.plugin([auth, checkOptions]);
 * new MyClient({ auht: token }); // warns: unknown option "auht" — did you mean "auth"? It is ignored.
 */
export const checkOptions: Plugin<void> = (client) => {
  const known = new Set(KERNEL_OPTIONS);
  const knownRequest = new Set(KERNEL_REQUEST_OPTIONS);
  let open = false;
  for (const plugin of (client.constructor as typeof Client).plugins) {
    if (!plugin.options) open = true;
    else for (const name of plugin.options) known.add(name);
    for (const name of plugin.requestOptions ?? []) knownRequest.add(name);
  }
  const { log } = client.options;
  // `client.options` holds what was given (and the kernel's own, known, defaults).
  for (const name of Object.keys(client.options)) {
    if (known.has(name)) continue;
    const near = closest(name, known);
    if (!near && open) continue;
    warnOnce(
      log,
      `unknown option ${name}`,
      near
        ? `unknown option "${name}" — did you mean "${near}"? It is ignored.`
        : `unknown option "${name}" is ignored; known options: ${[...known].join(", ")}.`,
    );
  }
  // The client's `request` options now; a call's own later, each name once (one loop per request).
  const seen = new Set<string>();
  const check = (request: object) => {
    for (const name in request) if (!seen.has(name)) (seen.add(name), nearMiss(name, knownRequest, log));
  };
  check(client.options.request);
  client.hook.before("request", ({ request }: EndpointOptions) => check(request));
};
/** The option names this plugin reads (docs/hooks-and-plugins.md). */
checkOptions.options = [];

/** A near miss of a known `request` option name (`timout`) warns once per name: it would be ignored. */
function nearMiss(name: string, known: Set<string>, log: Pick<Log, "warn">): void {
  if (known.has(name)) return;
  const near = closest(name, known);
  if (near)
    warnOnce(
      log,
      `unknown request option ${name}`,
      `request: unknown option "${name}" — did you mean "${near}"? It is ignored.`,
    );
}
