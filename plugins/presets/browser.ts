import { Client as Kernel, type ClientOptions } from "../../kernel/index.js";
import { endpoints, type Registry } from "../endpoints/index.js";
import { deployment, load, loadParams, names } from "../../definitions/api.github.com/index.js";
import { builtins } from "./builtins.js";

/** api.github.com's registry with names only: each scope's routes load on first use. */
const registry: Registry = { deployment, names, load, loadParams };

/**
 * The full preset for browsers (the `browser` export condition): the Node preset without
 * the agent transport; endpoint scopes load on first use (one chunk per scope).
 */
export const Client = Kernel.plugin([endpoints(registry), ...builtins]);
/** An instance of the browser preset. */
export type Client = InstanceType<typeof Client>;

/** Options of the browser preset. */
export type Options = ConstructorParameters<typeof Client>[0];

/** Create a client with the browser preset. */
export default function forgekit(options?: Options): Client {
  return new Client(options);
}

export * from "../../kernel/exports.js";
export type { ClientOptions };
