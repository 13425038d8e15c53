// `forgekit/plugins/graphql`: the plugin (plugin.ts, which the presets import) and what an application uses with it.
export { GraphqlResponseError, isGraphqlResponseError, type GraphqlError } from "./errors.js";
export { graphqlUrl } from "./endpoint.js";
export * from "./plugin.js";
