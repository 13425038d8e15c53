// `forgekit/plugins/log`: the plugin (plugin.ts, which the presets import) and the request
// record its lines are made from, which other plugins (otel) and tools read too.
export { requestRecord, operationId } from "./record.js";
export * from "./plugin.js";
