import {
  KERNEL_OPTIONS,
  KERNEL_REQUEST_OPTIONS,
  closest,
  warnOncePerLog,
  type Client,
  type EndpointOptions,
  type Log,
  type Plugin,
} from "../../kernel/index.js";

export { closest } from "../../kernel/index.js";

/**
 * Warns once per name and log (kernel/once.ts `warnOncePerLog`: every client with a log of
 * its own hears of its own mistakes) about an option no plugin of the client reads:
 * `new Client({ baseURL })` says `did you mean "baseUrl"?`. Each plugin lists the names it
 * reads as `plugin.options` (top level) and `plugin.requestOptions` (`request: { … }`); a
 * plugin that lists no `options` may read any name, and then only near-misses of a known name
 * warn. `request` options warn on a near miss only, client-wide at construction and per call;
 * a top-level `timeout` given per call (a parameter sent to GitHub, as Octokit sends it, not
 * a time limit) warns too.
 * Part of the presets; compose it into your own client to get the same check.
 *
 * @example
 * const MyClient = Client.plugin([auth, checkOptions]);
 * new MyClient({ auht: token }); // warns: unknown option "auht" — did you mean "auth"? It is ignored.
 */
export const checkOptions: Plugin<void> = (client) => {
  const { known, open, request, verdicts } = namesOf(client.constructor as typeof Client);
  const { log } = client.options;
  // `client.options` holds what was given (and the kernel's own, known, defaults).
  for (const name of Object.keys(client.options)) {
    if (known.has(name)) continue;
    const near = closest(name, known);
    if (!near && open) continue;
    warnOncePerLog(
      log,
      `unknown option ${name}`,
      near
        ? `unknown option "${name}" — did you mean "${near}"? It is ignored.`
        : `unknown option "${name}" is ignored; known options: ${[...known].join(", ")}.`,
    );
  }
  // The client's `request` options now, a call's own on each request: each name looked up once per class.
  const check = (given: object) => {
    for (const name in given) if (!request.has(name)) nearMiss(name, request, verdicts, log);
  };
  check(client.options.request);
  client.hook.before("request", (options: EndpointOptions) => {
    check(options.request);
    // `client.request(route, { timeout: 50 })` sends `timeout` as a parameter, as Octokit does.
    if (options.timeout !== undefined)
      warnOncePerLog(
        log,
        "per-call timeout",
        `timeout given per call is sent to GitHub as a parameter, not applied as a time limit: pass request: { timeout: ${typeof options.timeout === "number" ? options.timeout : "<ms>"} } for one.`,
      );
  });
};

/** The names a client class's plugins read, worked out once per class, and the closest known name ("" for none) of each unknown `request` name looked at so far. */
const names = new WeakMap<
  Function,
  { known: Set<string>; open: boolean; request: Set<string>; verdicts: Map<string, string> }
>();
function namesOf(Class: typeof Client) {
  let found = names.get(Class);
  if (found) return found;
  found = {
    known: new Set(KERNEL_OPTIONS),
    open: false,
    request: new Set(KERNEL_REQUEST_OPTIONS),
    verdicts: new Map<string, string>(),
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

/** A near miss of a known `request` option name (`timout`) warns once per name and log: it would be ignored. */
function nearMiss(name: string, known: Set<string>, verdicts: Map<string, string>, log: Pick<Log, "warn">): void {
  let near = verdicts.get(name);
  if (near === undefined) verdicts.set(name, (near = closest(name, known) ?? ""));
  if (near)
    warnOncePerLog(
      log,
      `unknown request option ${name}`,
      `request: unknown option "${name}" — did you mean "${near}"? It is ignored.`,
    );
}
