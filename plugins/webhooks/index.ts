/**
 * `forgekit/webhooks`: webhook deliveries in — signatures, typed handlers by event and action,
 * and middleware for `node:http` and fetch-style runtimes — with `@octokit/webhooks`' names.
 * docs/github-apps.md shows it in an app.
 *
 * @example
 * import { Webhooks, createNodeMiddleware } from "forgekit/webhooks";
 * const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
 * webhooks.on("issues.opened", ({ payload }) => console.log(payload.issue.title));
 * createServer(createNodeMiddleware(webhooks)).listen(3000);
 *
 * @packageDocumentation
 */
export { Webhooks } from "./webhooks.js";
export { sign, verify } from "./signature.js";
export { createNodeMiddleware, createWebMiddleware, type MiddlewareOptions } from "./middleware.js";
export type * from "./types.js";
