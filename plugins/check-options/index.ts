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
  const { known, open, request, seen } = namesOf(client.constructor as typeof Client);
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
  // The client's `request` options now, a call's own on each request: each name once per class.
  const check = (given: object) => {
    for (const name in given) if (!seen.has(name)) (seen.add(name), request.has(name) || nearMiss(name, request, log));
  };
  check(client.options.request);
  client.hook.before("request", (options: EndpointOptions) => check(options.request));
};

/** The names a client class's plugins read, worked out once per class, and the `request` names looked at so far. */
const names = new WeakMap<Function, { known: Set<string>; open: boolean; request: Set<string>; seen: Set<string> }>();
function namesOf(Class: typeof Client) {
  let found = names.get(Class);
  if (found) return found;
  found = {
    known: new Set(KERNEL_OPTIONS),
    open: false,
    request: new Set(KERNEL_REQUEST_OPTIONS),
    seen: new Set<string>(),
  };
  for (const plugin of Class.plugins) {
    if (!plugin.options) found.open = true;
    else for (const name of plugin.options) found.known.add(name);
    for (const name of plugin.requestOptions ?? []) found.request.add(name);
  }
  names.set(Class, found);
  return found;
}

/** The option names this plugin reads (docs/hooks-and-plugins.md). */
checkOptions.options = [];

/** A near miss of a known `request` option name (`timout`) warns once per name: it would be ignored. */
function nearMiss(name: string, known: Set<string>, log: Pick<Log, "warn">): void {
  const near = closest(name, known);
  if (near)
    warnOnce(
      log,
      `unknown request option ${name}`,
      `request: unknown option "${name}" — did you mean "${near}"? It is ignored.`,
    );
}
