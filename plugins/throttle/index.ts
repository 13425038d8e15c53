// `forgekit/plugins/throttle`: the plugin (plugin.ts, which the presets import) and what an application uses with it.
export { memoryStore, type MemoryStoreOptions } from "../store/memory-store.js";
export { primaryKey, secondaryKey } from "./pauses.js";
export { RateLimitError, isRateLimitError, rateLimitOf } from "../policy/index.js";
export * from "./plugin.js";
