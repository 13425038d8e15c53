/**
 * `forgekit/app`: a GitHub App — webhooks in, clients as the app and as its installations out —
 * with `@octokit/app`'s names. docs/github-apps.md builds one.
 *
 * @example
 * import { App } from "forgekit/app";
 * const app = new App({ appId: 123, privateKey, webhooks: { secret } });
 * const octokit = await app.getInstallationOctokit(42);
 *
 * @packageDocumentation
 */
export { App, type Each, type EachRepository } from "./app.js";
export type { AppOptions, AppWebhookContext, ClientClass } from "./types.js";
export { Webhooks, createNodeMiddleware, createWebMiddleware, sign, verify } from "../webhooks/index.js";
export type * from "../webhooks/types.js";
