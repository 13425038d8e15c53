/**
 * `forgekit/testing`: a local server that answers like api.github.com for every operation
 * of GitHub's OpenAPI description (its examples, GitHub's headers, `Link` pagination,
 * rate limits, ETags and 304s), for offline tests and demos. Guide: docs/testing.md.
 *
 * @example
 * import { startMockServer } from "forgekit/testing";
 * const server = await startMockServer();
 * // new Client({ baseUrl: server.url }) … server.requests … await server.close();
 *
 * @packageDocumentation
 */
export { startMockServer } from "./server.js";
export { buildFixture, formatFixture } from "./fixture.js";
export { loadFixture, defaultFixturePath } from "./load.js";
export { deliverWebhook, type WebhookDeliveryOptions, type WebhookDeliveryResult } from "./webhooks.js";
export type {
  Fixture,
  FixtureRoute,
  RouteExtra,
  MockServer,
  MockServerOptions,
  MockRequest,
  MockReply,
  MockHandler,
  RateLimitResource,
  DeniedCall,
} from "./types.js";
