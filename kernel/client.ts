import { resolveOptions, requestDefaults, type ClientOptions, type ResolvedOptions } from "./options.js";
import { createHook } from "./hook.js";
import { checkOptions, checkPlugins } from "./check-options.js";
import { createRequest, type Hook as HookType, type Request } from "./request.js";
import { withDefaults } from "./with-defaults.js";
import type { ClassOptions, ClassTypes, ClientConstructor, InstanceOf } from "./option-typed.js";
import { VERSION } from "./version.js";

/** Members a plugin adds, merged into each instance. */
export type PluginAdditions = Record<string, unknown>;

/**
 * A plugin: `(client, options) => additions | void`. `options` are the constructor's,
 * with the plugin's `defaults` (if it declares them) applied underneath.
 */
export interface Plugin<Additions = unknown, Options = {}> {
  (client: Client, options: ResolvedOptions & Options): Additions;
  /** Option defaults; object-valued keys are merged one level deep with the caller's. */
  defaults?: Partial<Options>;
  /**
   * Top-level option names the plugin reads (`[]` for none). Lets the client warn about an
   * option nothing reads; without it, only near-misses of known names warn.
   */
  options?: readonly string[];
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AdditionsOf<P> = P extends Plugin<infer A, any> ? (A extends object ? A : {}) : {};
type OptionsOf<P> = P extends Plugin<any, infer O> ? O : {};
/** What a list of plugins adds to each instance. */
export type Additions<P extends readonly Plugin<any, any>[]> = UnionToIntersection<AdditionsOf<P[number]> | {}>;
/** Options a list of plugins accepts. */
export type PluginOptions<P extends readonly Plugin<any, any>[]> = UnionToIntersection<OptionsOf<P[number]> | {}>;

/** `Client.plugin`'s argument as a list: one plugin or an array of them. */
export type PluginList<P> = P extends readonly Plugin<any, any>[] ? P : [P];
/** `Client.plugin(a, [b, c], …)`'s arguments as one flat list. */
export type PluginArgs<P extends readonly unknown[]> = Extract<
  P[number] extends infer X ? (X extends readonly Plugin<any, any>[] ? X[number] : X) : never,
  Plugin<any, any>
>[];

/** `Base` with the members of `Added`, which win where both have one (e.g. a typed `request`). */
export type Extend<Base, Added> = Omit<Base, keyof Added> & Added;

/**
 * A client constructor as `Client.plugin` returns it; generic in the options that select
 * types when a plugin's additions follow them (kernel/option-typed.ts).
 */
export type ClientClass<Instance, Options> = ClientConstructor<Instance, Options> &
  Omit<typeof Client, "prototype"> &
  ClassTypes<Instance, Options>;

/**
 * The micro-kernel: `options`, `hook` and `request`, extended by plugins.
 *
 * @example
 * const MyClient = Client.plugin([auth, paginate]);
 * const client = new MyClient({ auth: "ghp_…" });
 * const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world" });
 */
export class Client {
  /** forgekit's version, where `@octokit/core` has `Octokit.VERSION`. */
  static readonly VERSION: string = VERSION;
  /** Plugins applied by this constructor, in order. */
  static plugins: readonly Plugin<any, any>[] = [];

  /**
   * A new constructor that also applies `plugins` (deduplicated by reference, in order):
   * `Client.plugin(a, b)` and `Client.plugin([a, b])` are the same. Anything but a function is a
   * `TypeError` naming what was passed.
   */
  static plugin<S extends typeof Client, const P extends readonly (Plugin<any, any> | readonly Plugin<any, any>[])[]>(
    this: S,
    ...plugins: P
  ): ClientClass<Extend<InstanceOf<S>, Additions<PluginArgs<P>>>, ClassOptions<S> & PluginOptions<PluginArgs<P>>> {
    const all = [...this.plugins];
    for (const p of checkPlugins<Plugin<any, any>>(plugins.flat())) if (!all.includes(p)) all.push(p);
    const Base = this as typeof Client;
    return class extends Base {
      static override plugins = all;
    } as never;
  }

  /** Options with defaults applied. */
  declare options: ResolvedOptions;
  /** Lifecycle hooks; the only hook name is `"request"`. */
  declare hook: HookType;
  /** Send a request: `client.request("GET /repos/{owner}/{repo}", { owner, repo })`. */
  declare request: Request;

  constructor(options: ClientOptions = {}) {
    this.options = resolveOptions(options);
    this.hook = createHook();
    this.request = createRequest(this.hook, requestDefaults(this.options));
    const plugins = (this.constructor as typeof Client).plugins;
    checkOptions(
      options,
      plugins.map((p) => p.options),
      this.options.log,
    );
    for (const plugin of plugins) {
      const additions = plugin(this, withDefaults(this.options, plugin.defaults) as never);
      if (additions && typeof additions === "object") Object.assign(this, additions);
    }
  }
}
