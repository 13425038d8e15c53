import {
  Client as Kernel,
  type ClientOptions,
  type InstanceFor,
  type InstanceOf,
  type ClassOptions,
  type OptionsFor,
  type TypingOptions,
} from "../../kernel/index.js";
import { endpoints } from "../endpoints/index.js";
import { lazyRegistry as registry } from "../../definitions/api.github.com/index.js";
import { builtins } from "./builtins.js";

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
