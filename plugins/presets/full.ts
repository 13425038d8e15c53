import { Client as Kernel, type ClientOptions } from "../../kernel/index.js";
import { agent } from "../agent/index.js";
import { builtins } from "./builtins.js";

/**
 * The full preset for Node: the kernel with every built-in plugin.
 * `import forgekit from "forgekit"` / `require("forgekit")` is its factory.
 */
export const Client = Kernel.plugin([...builtins, agent]);
/** An instance of the full preset. */
export type Client = InstanceType<typeof Client>;

/** Options of the full preset. */
export type Options = ConstructorParameters<typeof Client>[0];

/**
 * Create a client with the full preset (SPEC §1.5: the module's export is a factory).
 *
 * @example
 * import forgekit from "forgekit";
 * const client = forgekit({ auth: process.env.GITHUB_TOKEN });
 */
export default function forgekit(options?: Options): Client {
  return new Client(options);
}

export * from "../../kernel/exports.js";
export type { ClientOptions };
