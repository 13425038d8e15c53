/** Runtime values every entry point re-exports beside its `Client`. */
export { createRequest } from "./request.js";
export { createHook } from "./hook.js";
export { merge, parse, lowercaseHeaders } from "./route.js";
export { createScope } from "./scope.js";
export {
  ForgeError,
  HttpError,
  NetworkError,
  TimeoutError,
  AbortError,
  RequestError,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  isRequestError,
} from "./errors.js";
export { redact, redactBody, redactHeaders } from "./redact.js";
export { VERSION } from "./version.js";
export { warnOnce } from "./warn-once.js";
export { lazy, type Lazy } from "./lazy.js";
export { uploadsOrigin } from "./uploads.js";
export type { Plugin, PluginAdditions, Additions, PluginOptions, PluginList, ClientClass, Extend } from "./client.js";
export type { ResolvedOptions } from "./options.js";
export type { Request, Endpoint, Hook, Hooks, Send } from "./request.js";
export type { ScopeSource } from "./scope.js";
export type { RouteEntry, RouteDefaults, RouteExtra, ScopeRoutes, ParamMeta, ScopeParams } from "./registry.js";
export type { EndpointMethod, OperationTypes } from "./endpoint-method.js";
export type { ErrorRequest } from "./errors.js";
export type * from "./types.js";
