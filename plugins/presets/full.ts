import {
  Client as Kernel,
  type ClientOptions,
  type InstanceFor,
  type InstanceOf,
  type ClassOptions,
  type OptionsFor,
  type TypingOptions,
} from "../../kernel/index.js";
import { agent } from "../agent/index.js";
import { endpoints } from "../endpoints/index.js";
import { builtins } from "./builtins.js";
import { loadDeployment } from "./deployments.js";
import { registry } from "./registry.js";

/**
 * The full preset for Node: the kernel with every built-in plugin and the endpoint methods
 * of api.github.com (`deployment: "ghes-3.18"` etc. selects another registry).
 * `import forgekit from "forgekit"` / `require("forgekit")` is its factory.
 */
export const Client = Kernel.plugin([endpoints(registry, loadDeployment), ...builtins, agent]);
/** An instance of the full preset. */
export type Client = InstanceOf<typeof Client>;

/** Options of the full preset. */
export type Options = ClassOptions<typeof Client>;

/**
 * Create a client with the full preset: the module's default export (and `require("forgekit")`)
 * is this factory, as `require("@octokit/rest")(options)` was in @octokit/rest v15.
 *
 * @example
 * import forgekit from "forgekit";
 * const client = forgekit({ auth: process.env.GITHUB_TOKEN });
 */
export default function forgekit<const T extends TypingOptions<Client, Options> = TypingOptions<Client, Options>>(
  options?: OptionsFor<Client, Options, T>,
): InstanceFor<Client, T> {
  return new Client(options) as never;
}

export * from "../../kernel/exports.js";
export { DEPLOYMENTS, type Deployment } from "./deployments.js";
export type { ClientOptions };
