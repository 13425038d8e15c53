import {
  createHook,
  lazy,
  stepsOf,
  type Client,
  type Hook as RequestHook,
  type Plugin,
  type ResolvedOptions,
  withDefaults,
} from "../../kernel/index.js";

/** How {@link deferred} stands in for a plugin until its code is loaded. */
export interface DeferredSettings<Additions, Options> {
  /**
   * Run at construction: throw for a bad option (a typed error before any I/O), or return
   * `false` to leave the client untouched — nothing is registered and nothing ever loads.
   */
  when?: (options: ResolvedOptions & Options) => boolean;
  /** `false` for a plugin that registers no hook: it then loads only when a stub asks. */
  hooks?: boolean;
  /** Members needed before the load; `ready()` loads the plugin and resolves to its additions. */
  stubs?: (ready: () => Promise<Additions>) => Partial<Additions>;
}

/** What `load` resolves to: one plugin, or several applied in order to one shared facade. */
export type Loaded<Options> = Plugin<any, Options> | readonly Plugin<any, Options>[];

/**
 * A plugin whose code loads with `import()` on first use. At construction it registers one
 * `wrap` hook where the plugin would have registered its own; the first request loads the
 * plugin and applies it to a facade of the client whose `hook` is a private collection, run
 * in that place around the rest of the chain, so the plugin's hooks keep their nesting. What
 * the plugin returns is assigned onto the client once loaded; `stubs` cover the time before.
 * A failed load fails that request (or stub call) only: the next one loads again.
 *
 * @example
 * const lazyCache = deferred(() => import("../cache/index.js").then((m) => m.cache), {
 *   when: (options) => options.cache !== undefined && options.cache !== false,
 * });
 */
export function deferred<Additions = void, Options = {}>(
  load: () => Promise<Loaded<Options>>,
  settings: DeferredSettings<Additions, Options> = {},
): Plugin<Additions, Options> {
  return (client, options) => {
    if (settings.when && !settings.when(options)) return undefined as Additions;
    let chain: RequestHook | undefined;
    const ready = lazy(async (): Promise<Additions> => {
      const loaded = await load();
      // A private collection from the kernel's createHook: the same semantics as the client's.
      const hook = createHook();
      // Steps (onPrepare/onSend) the plugin adds apply to the client's own requests; its
      // wraps (onWrap) are hooks of the private collection, which runs in this place.
      const own = stepsOf(client.hook);
      Object.defineProperties(stepsOf(hook), {
        prepare: { get: () => own.prepare, set: (list) => void (own.prepare = list) },
        observe: { get: () => own.observe, set: (list) => void (own.observe = list) },
        wraps: { value: undefined },
      });
      const facade = Object.create(client, { hook: { value: hook } }) as Client;
      const additions = {};
      for (const plugin of Array.isArray(loaded) ? loaded : [loaded]) {
        Object.assign(additions, plugin(facade, withDefaults(options, plugin.defaults)));
      }
      // State a plugin kept on the client itself (e.g. a symbol-keyed engine) moves over too.
      for (const key of Reflect.ownKeys(facade)) {
        if (key !== "hook" && !Object.prototype.hasOwnProperty.call(client, key))
          Object.defineProperty(client, key, Object.getOwnPropertyDescriptor(facade, key)!);
      }
      Object.assign(client, additions);
      chain = hook;
      return additions as Additions;
    });
    if (settings.hooks !== false) {
      // Options are passed on as given: hooks mutate them in place (before-after-hook 4.0.0 would
      // lose a copy between wraps; docs/hooks-and-plugins.md#change-the-options-in-place).
      client.hook.wrap("request", (request, options) =>
        chain ? chain("request", request, options) : ready().then(() => chain!("request", request, options)),
      );
    }
    return settings.stubs?.(ready) as Additions;
  };
}
