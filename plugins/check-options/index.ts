import { KERNEL_OPTIONS, closest, warnOncePerLog, type Client, type Plugin } from "../../kernel/index.js";

export { closest } from "../../kernel/index.js";

/**
 * Warns once per name and log (kernel/once.ts `warnOncePerLog`) about a top-level option no plugin of the client reads:
 * `new Client({ baseURL })` says `did you mean "baseUrl"?`. Each plugin lists the names it
 * reads as `plugin.options`; a plugin that lists none may read any name, and then only
 * near-misses of a known name warn. Part of the presets; compose it into your own client to
 * get the same check.
 *
 * @example
 * const MyClient = Client.plugin([auth, checkOptions]);
 * new MyClient({ auht: token }); // warns: unknown option "auht" — did you mean "auth"? It is ignored.
 */
export const checkOptions: Plugin<void> = (client) => {
  const known = new Set(KERNEL_OPTIONS);
  let open = false;
  for (const plugin of (client.constructor as typeof Client).plugins) {
    if (!plugin.options) open = true;
    else for (const name of plugin.options) known.add(name);
  }
  // `client.options` holds what was given (and the kernel's own, known, defaults).
  for (const name of Object.keys(client.options)) {
    if (known.has(name)) continue;
    const near = closest(name, known);
    if (!near && open) continue;
    warnOncePerLog(
      client.options.log,
      `unknown option ${name}`,
      near
        ? `unknown option "${name}" — did you mean "${near}"? It is ignored.`
        : `unknown option "${name}" is ignored; known options: ${[...known].join(", ")}.`,
    );
  }
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
checkOptions.options = [];
