import type { Plugin } from "../../kernel/index.js";
import { checkApp, describeValue } from "../auth/check-app.js";

/**
 * plugins/auth/plugin.ts's `APP_STRATEGY` (a registered symbol: one for both, so that this
 * plugin imports no module of the presets but check-app.ts, which only `auth` shares).
 */
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
export const appAuth: Plugin<void> = (client, options) => {
  // App credentials are checked at construction, as `auth` does (with `authStrategy`, `auth`
  // is the strategy's own options; both options are the auth plugin's).
  const { auth, authStrategy } = options as { auth?: object; authStrategy?: unknown };
  if (authStrategy === undefined && typeof auth === "object" && auth !== null && "appId" in auth)
    checkApp(auth as never, describeValue);
  if (!(APP_STRATEGY in client)) Object.defineProperty(client, APP_STRATEGY, { value: () => import("../auth/app.js") });
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
appAuth.options = [];
