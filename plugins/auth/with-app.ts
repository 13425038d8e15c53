import type { Plugin } from "../../kernel/index.js";
import { APP_STRATEGY, loadApp } from "./app-loader.js";
import { tokenAuth, type AuthAdditions, type AuthOptions } from "./plugin.js";

/**
 * Authentication: the `auth` option and `client.authenticate()`, GitHub Apps included (their
 * code loads on the first request made with `auth: { appId, … }`). Credentials go only to
 * the API's origin (and its uploads origin), never to another host. Its own module, so that
 * a bundle of `tokenAuth` (the browser preset's) holds no App code.
 *
 * @example
 * const MyClient = Client.plugin([auth]);
 * const client = new MyClient({ auth: process.env.GITHUB_TOKEN });
 * client.authenticate({ type: "basic", username: "<USERNAME>", password: "<PASSWORD>" });
 * client.authenticate(); // anonymous from now on
 */
export const auth: Plugin<AuthAdditions, AuthOptions> = (client, options) => {
  Object.defineProperty(client, APP_STRATEGY, { value: loadApp });
  return tokenAuth(client, options);
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
auth.options = ["auth", "authStrategy"];
