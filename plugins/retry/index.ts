// `forgekit/plugins/retry`: the plugin (plugin.ts, which the presets import) and what an application uses with it.
export { RateLimitError, isRateLimitError, rateLimitOf } from "../policy/index.js";
export * from "./plugin.js";
