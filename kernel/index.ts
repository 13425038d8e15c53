/**
 * forgekit's micro-kernel: `Client` (options, hook, request, plugin), request options
 * parsing, the scope Proxy, the registry shapes, errors and redaction. Plugins build on
 * these exports only.
 *
 * @packageDocumentation
 */
export { Client } from "./client.js";
export type { Plugin, PluginAdditions, Additions, PluginOptions, ClientClass } from "./client.js";
export type { ClientOptions, ResolvedOptions } from "./options.js";
export { createRequest } from "./request.js";
export type { Request, Endpoint, Hook, Hooks } from "./request.js";
export { merge, parse, lowercaseHeaders } from "./route.js";
export { createScope } from "./scope.js";
export type { ScopeSource } from "./scope.js";
export type { RouteEntry, RouteDefaults, RouteExtra, ScopeRoutes, ParamMeta, ScopeParams } from "./registry.js";
export type { EndpointMethod, OperationTypes } from "./endpoint-method.js";
export { ForgeError, HttpError, NetworkError, TimeoutError, AbortError, RequestError, isHttpError, isNetworkError, isTimeoutError, isRequestError } from "./errors.js";
export type { ErrorRequest } from "./errors.js";
export { redact, redactBody, redactHeaders } from "./redact.js";
export { VERSION } from "./version.js";
export type * from "./types.js";
