import {
  Client as Kernel,
  type ClientOptions,
  type InstanceFor,
  type InstanceOf,
  type ClassOptions,
  type OptionsFor,
  type TypingOptions,
} from "../../kernel/index.js";
import { endpoints, type Registry } from "../endpoints/index.js";
import { deployment, load, scopes } from "../../definitions/api.github.com/index.js";
import { builtins } from "./builtins.js";

/**
 * api.github.com's registry with scope names only: each scope's routes, its method names with
 * them, load on first use (a method's first call). No
 * per-parameter metadata (it would be the largest part of a flat bundle): path parameters are
 * still checked from the route, GitHub's 422 explains the rest, and
 * `endpoints({ ...registry, loadParams })` adds it (docs/browsers-and-bundle-size.md).
 */
const registry: Registry<typeof deployment> = { deployment, scopes, load };

/**
 * The preset for edge runtimes (the `workerd` and `worker` export conditions: Cloudflare
 * Workers and other web-worker servers, docs/browsers-and-bundle-size.md#which-entry): every
 * built-in plugin of the Node preset — GitHub App auth, retry, throttle, cache, GraphQL, debug —
 * without its Node-only transport, API-version plugin and per-parameter validation metadata;
 * endpoint scopes load on first use (one chunk per scope). Also the classic script's.
 */
export const Client = Kernel.plugin([endpoints(registry), ...builtins]);
/** An instance of the edge preset. */
export type Client = InstanceOf<typeof Client>;

/** Options of the edge preset. */
export type Options = ClassOptions<typeof Client>;

/** Create a client with the edge preset. */
export default function forgekit<T extends TypingOptions<Client, Options> = TypingOptions<Client, Options>>(
  options?: OptionsFor<Client, Options, T>,
): InstanceFor<Client, T> {
  return new Client(options) as never;
}

export * from "../../kernel/exports.js";
export type { ClientOptions };
