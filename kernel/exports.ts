/**
 * What an application needs beside its `Client`, re-exported by every entry point (the
 * presets and `forgekit/core`): the error classes and their guards, `VERSION`, and the types.
 * Helpers for plugin authors (`merge`, `parse`, `createScope`, `redact`, `warnOnce`, …) are
 * exported by `forgekit/core` only (kernel/index.ts).
 */
export { ForgeError, HttpError, NetworkError, TimeoutError, AbortError, ResponseTooLargeError } from "./errors.js";
export { ParameterError, RequestError, isHttpError, isNetworkError, isTimeoutError } from "./errors.js";
export { isParameterError } from "./errors.js";
export { VERSION } from "./options.js";
export { DEFAULT_BODY_BUDGET, setBodyBudget } from "./response.js";
export type { Plugin, PluginAdditions, Additions, PluginOptions, PluginList, PluginArgs } from "./client.js";
export type { ClientClass, Extend } from "./client.js";
export type { ResolvedOptions } from "./options.js";
export type { Request, Endpoint } from "./request.js";
export type { Hook, Hooks, Send } from "./hook.js";
export type { OptionTyping, OptionTyped, InstanceFor, OptionsFor, Refused, TypingOptions } from "./option-typed.js";
export type { ClientConstructor, ClassTypes, InstanceOf, ClassOptions, TypingOf, Apply } from "./option-typed.js";
export type { ScopeSource } from "./scope.js";
export type { RouteEntry, RouteDefaults, RouteExtra, ScopeRoutes, ParamMeta, ScopeParams } from "./registry.js";
export type { OperationInfo, OperationOf, EndpointMethod, OperationTypes, FormatData, WithFormat } from "./registry.js";
export type { TextFormat, FileFormat } from "./registry.js";
export type { ErrorRequest } from "./errors.js";
export type { Lazy } from "./once.js";
export type * from "./types.js";
