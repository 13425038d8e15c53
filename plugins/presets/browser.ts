import {
  Client as Kernel,
  type ClientOptions,
  type InstanceFor,
  type InstanceOf,
  type ClassOptions,
  type OptionsFor,
  type TypingOptions,
} from "../../kernel/index.js";
import { tokenAuth } from "../auth/plugin.js";
import { checkOptions } from "../check-options/index.js";
import { endpoints } from "../endpoints/index.js";
import { log } from "../log/plugin.js";
import { paginate } from "../paginate/index.js";
import { previews } from "../previews/index.js";
import { registerEndpoints } from "../register-endpoints/index.js";
import { lazyRegistry as registry } from "../../definitions/api.github.com/index.js";
import { keepPlaces } from "./place.js";

const endpointMethods = endpoints(registry);

/**
 * The preset for browsers (the `browser` export condition): what a page needs, as
 * @octokit/rest gives it — the endpoint methods (each scope's routes load on first use), `auth`
 * (a token, a token function, an Octokit `authStrategy`), `paginate`, `log`, the hooks.
 * GitHub App auth, GraphQL, retry, throttle, the cache, debug output and OpenTelemetry are one
 * import each, added with `Client.plugin([...])` (docs/browsers-and-bundle-size.md#one-import-each);
 * retry, throttle, cache and debug then take their places in the Node preset's order
 * (plugins/presets/place.ts). Workers, Deno and Bun get a preset with all of them
 * (plugins/presets/edge.ts, the Node preset).
 */
export const Client = keepPlaces(
  Kernel,
  Kernel.plugin([endpointMethods, checkOptions, log, tokenAuth, previews, paginate, registerEndpoints]),
  // Places in the Node preset's order (plugins/presets/builtins.ts); the endpoints plugin first.
  new Map<any, number>([
    [endpointMethods, -1],
    [checkOptions, 0],
    [log, 4],
    [tokenAuth, 6],
    [previews, 7],
    [paginate, 8],
    [registerEndpoints, 10],
  ]),
);
/** An instance of the browser preset. */
export type Client = InstanceOf<typeof Client>;

/** Options of the browser preset. */
export type Options = ClassOptions<typeof Client>;

/** Create a client with the browser preset. */
export default function forgekit<T extends TypingOptions<Client, Options> = TypingOptions<Client, Options>>(
  options?: OptionsFor<Client, Options, T>,
): InstanceFor<Client, T> {
  return new Client(options) as never;
}

export * from "../../kernel/exports.js";
export type { ClientOptions };
