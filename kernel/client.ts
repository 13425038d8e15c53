import { resolveOptions, requestDefaults, type ClientOptions, type ResolvedOptions } from "./options.js";
import { createHook, type Hook as HookType } from "./hook.js";
import { createRequest, type Request } from "./request.js";
import { own } from "./once.js";
import type { ClassOptions, ClassTypes, ClientConstructor, InstanceOf } from "./option-typed.js";
import { VERSION } from "./options.js";

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
   * Top-level option names the plugin reads (`[]` for none). Lets the `checkOptions` plugin
   * warn about an option nothing reads; without it, only near-misses of known names warn.
   */
  options?: readonly string[];
  /** `request` option names the plugin reads (`request: { retries }`), for the same check. */
  requestOptions?: readonly string[];
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
  static plugin<
    S extends typeof Client,
    // No `const` type parameter (TypeScript 5.0; the declarations are read by 4.9, README): the
    // `readonly []` member makes an array argument infer as a tuple, so no plugin's additions
    // are lost to subtype reduction (a `Plugin<void>` would absorb a `Plugin<{ paginate }>`).
    P extends readonly (Plugin<any, any> | readonly [] | readonly Plugin<any, any>[])[],
  >(
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
    // `hook` is made on its first read (the getter below): most built-in plugins read it here.
    this.request = createRequest(this, requestDefaults(this.options));
    for (const plugin of (this.constructor as typeof Client).plugins) {
      const additions = plugin(this, withDefaults(this.options, plugin.defaults) as never);
      if (additions && typeof additions === "object") Object.assign(this, additions);
    }
  }
}

// `client.hook` is made on its first read and kept as an own property (assigning sets it): a
// client whose hook nobody reads holds no collection, and its requests skip the dispatch.
Object.defineProperty(Client.prototype, "hook", {
  configurable: true,
  get(this: Client) {
    return own(this, "hook", createHook());
  },
  set(this: Client, value: HookType) {
    own(this, "hook", value);
  },
});

/**
 * Apply a plugin's `defaults` under the caller's options: a key the caller left out takes
 * the default; where both values are plain objects they merge one level deep, the caller's
 * keys winning. The result is a new object; neither argument is changed.
 */
function withDefaults<T>(options: T, defaults: object | undefined): T {
  if (!defaults) return options;
  const out = { ...options } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    const given = out[key];
    out[key] = isPlainObject(given) && isPlainObject(fallback) ? { ...fallback, ...given } : (given ?? fallback);
  }
  return out as T;
}

/** An object literal (its constructor is `Object`): class instances and arrays are taken whole. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (value as object | null)?.constructor === Object;
}

/** `Client.plugin`'s arguments, flattened: each must be a plugin function. */
function checkPlugins<P>(given: unknown[]): P[] {
  for (const p of given) {
    if (typeof p === "function") continue;
    const keys = p && typeof p === "object" ? Object.keys(p).filter((k) => typeof (p as never)[k] === "function") : [];
    throw new TypeError(
      `Client.plugin expects plugin functions, got ${p === null ? "null" : typeof p}${typeof p === "string" ? ` ${JSON.stringify(p)}` : ""}` +
        (keys.length
          ? ` — an object holding ${keys.join(", ")}: a module namespace (import * as ns)? Pass the plugin itself, e.g. ns.${keys[0]}.`
          : "."),
    );
  }
  return given as P[];
}
