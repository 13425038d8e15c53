import type { Plugin } from "../../kernel/index.js";

/** plugins/auth/app-loader.ts's `APP_STRATEGY` (a registered symbol: one for both). */
const APP_STRATEGY = Symbol.for("forgekit.app");

/**
 * GitHub App authentication for a client whose `auth` plugin leaves it out (the browser
 * preset's `tokenAuth`): with this plugin, `auth: { appId, privateKey, installationId? }` signs
 * JWTs and exchanges installation tokens as the Node preset does
 * (docs/authentication.md#github-apps). The App code is a chunk of its own, loaded on the first
 * request made with App credentials. A private key does not belong in a page: this is for
 * workers and other trusted code.
 *
 * @example
 * import { Client } from "forgekit";
 * import { appAuth } from "forgekit/plugins/app-auth";
 * const AppClient = Client.plugin([appAuth]);
 * const client = new AppClient({ auth: { appId: 1, privateKey, installationId: 2 } });
 */
export const appAuth: Plugin<void> = (client) => {
  if (!(APP_STRATEGY in client)) Object.defineProperty(client, APP_STRATEGY, { value: () => import("../auth/app.js") });
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
appAuth.options = [];
