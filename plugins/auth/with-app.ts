import { checkApp } from "./check-app.js";
import { describe } from "./describe.js";
import { authPlugin } from "./plugin.js";

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
export const auth = /* @__PURE__ */ authPlugin(
  () => import("./app.js"),
  (app) => checkApp(app, describe),
);
