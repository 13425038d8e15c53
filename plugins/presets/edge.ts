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
import { deployment, load, names } from "../../definitions/api.github.com/index.js";
import { builtins } from "./builtins.js";

/**
 * api.github.com's registry with names only: each scope's routes load on first use. No
 * per-parameter metadata (it would be the largest part of a flat bundle): path parameters are
 * still checked from the route, GitHub's 422 explains the rest, and
 * `endpoints({ ...registry, loadParams })` adds it (docs/browsers-and-bundle-size.md).
 */
const registry: Registry<typeof deployment> = { deployment, names, load };

/**
 * The full preset for browsers (the `browser` export condition): the Node preset without
 * the agent transport and without per-parameter validation metadata; endpoint scopes load
 * on first use (one chunk per scope).
 */
export const Client = Kernel.plugin([endpoints(registry), ...builtins]);
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
