import type { Client } from "../../kernel/index.js";
import { octokitEndpointView } from "./octokit-endpoint.js";
import { asOctokitError } from "./octokit-errors.js";
import { slashesAsGiven } from "./octokit-paths.js";
import type { OctokitCoreMembers } from "./octokit-types.js";

/**
 * The names @octokit/rest code imports, over a preset's `Client`: a package swap
 * (`"@octokit/rest": "npm:forgekit@…"`, docs/migrating.md) cannot change a single import, so
 * `Octokit` (v17 and later, and v16.43) and v16's module shape (a function that is called or
 * constructed and has `.plugin`) must both exist as they are.
 */

/** A preset's class, as `Client.plugin` returns it. */
type Preset = (new (...args: any[]) => Client) & Omit<typeof Client, "prototype">;

/** `I[K]`, for a member a preset may lack. */
type Member<I, K extends string> = I extends { [P in K]: infer T } ? T : unknown;

/** Options given to `Octokit.defaults`: an object merged under the caller's, or a function of them. */
export type OctokitDefaults<O> = O | ((options: O) => O);

/** The `Octokit` class over `Base`: `Base` (whose `VERSION` is forgekit's) with `defaults` as @octokit/core has it. */
export function octokitOf<C extends Preset>(Base: C) {
  const Octokit = class Octokit extends Base {
    // forgekit's members, with @octokit/core's shapes of them as further overloads (see OctokitCoreMembers).
    declare request: InstanceType<C>["request"] & OctokitCoreMembers["request"];
    declare graphql: Member<InstanceType<C>, "graphql"> & OctokitCoreMembers["graphql"];
    declare hook: InstanceType<C>["hook"] & OctokitCoreMembers["hook"];
    declare auth: Member<InstanceType<C>, "auth"> & OctokitCoreMembers["auth"];
    /**
     * Like @octokit/rest, which retries nothing and paces nothing (those are separate plugins):
     * code written for it — its tests' HTTP mocks above all — counts on one request per call:
     * `retry` and `throttle` are off unless the options name them. And its `paginate` sends
     * the parameters it is given, no `per_page` of its own (a mock matches the query exactly).
     */
    constructor(...args: any[]) {
      const options = (args[0] ?? {}) as { retry?: unknown; throttle?: unknown; paginate?: unknown };
      const { retry = false, throttle = false, paginate = { perPage: false } } = options;
      super({ ...options, retry, throttle, paginate });
      // Inside every hook the caller adds: theirs see the error as @octokit's would be.
      this.hook.error("request", (error) => {
        throw asOctokitError(error);
      });
      // Innermost too: a path's leading slash goes out encoded, as @octokit/rest 22 sends it.
      this.hook.before("request", (request) => {
        request.url = slashesAsGiven(request);
      });
    }

    /**
     * A subclass whose constructor applies `defaults` under the caller's options; a
     * `userAgent` given to both is kept from both, the caller's first.
     */
    static defaults<S extends new (options?: any) => object>(
      this: S,
      defaults: OctokitDefaults<NonNullable<ConstructorParameters<S>[0]>>,
    ): S {
      const Self = this as unknown as new (options?: object) => object;
      return class extends Self {
        constructor(options: Record<string, unknown> = {}) {
          super(
            typeof defaults === "function"
              ? (defaults as (options: object) => object)(options)
              : merged(defaults as Record<string, unknown>, options),
          );
        }
      } as unknown as S;
    }
  };
  // An `agent` yields to a test's fetch-only mock, as @octokit/rest v22 never uses it
  // (AGENT_YIELDS in plugins/agent/transport-choice.ts); subclasses inherit it.
  Object.defineProperty(Octokit, Symbol.for("forgekit.agentYieldsToFetchMocks"), { value: true });
  // The caller's hooks see each call before the URL is built and checked, as @octokit's do
  // (a wrap may answer without sending); the checks still run before the transport
  // (kernel/request.ts).
  Object.defineProperty(Octokit, Symbol.for("forgekit.hooksBeforeChecks"), { value: true });
  // `request.endpoint()` returns the body as the object, as @octokit/endpoint does (kernel/endpoint-view.ts).
  Object.defineProperty(Octokit, Symbol.for("forgekit.endpointView"), { value: octokitEndpointView });
  // v16's `const Octokit = require("@octokit/rest")`, called or constructed: what the CommonJS
  // entry exports when installed as @octokit/rest (build/per-file.mjs), so that v16 code gets
  // the drop-in's behaviour (no retries, pacing, checks or page size of its own), not forgekit()'s.
  Object.defineProperty(Octokit, Symbol.for("forgekit.v16Factory"), {
    get(this: Preset) {
      return factoryOf(this);
    },
  });
  return Octokit;
}

/** `defaults` under `options`; two user agents are joined, the caller's first. */
function merged(defaults: Record<string, unknown>, options: Record<string, unknown>): object {
  const out = { ...defaults, ...options };
  if (options.userAgent && defaults.userAgent) out.userAgent = `${options.userAgent} ${defaults.userAgent}`;
  return out;
}

/**
 * v16's module shape: `factory(options)` and `new factory(options)` both make a client, and
 * `factory.plugin(a, [b])` is another such factory with the plugins applied.
 */
export interface OctokitFactory<I, O> {
  (options?: O): I;
  new (options?: O): I;
  /** Another such factory, with `plugins` applied too. */
  plugin(...plugins: unknown[]): OctokitFactory<I, O>;
}

/** A v16-style factory over `Class`. A function, not an arrow: v16 code also calls it with `new`. */
export function factoryOf<I, O>(Class: Preset): OctokitFactory<I, O> {
  const factory = function (options?: O) {
    return new Class(options);
  } as unknown as OctokitFactory<I, O>;
  factory.plugin = (...plugins: unknown[]) =>
    factoryOf(Class.plugin.call(Class as typeof Client, ...(plugins as never[])));
  return factory;
}
