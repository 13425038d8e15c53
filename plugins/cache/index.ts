// `forgekit/plugins/cache`: the plugin (plugin.ts, which the presets import) and what an application uses with it.
export { memoryStore, type MemoryStoreOptions } from "../store/memory-store.js";
export * from "./plugin.js";
