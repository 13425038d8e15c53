/**
 * forgekit's micro-kernel (`forgekit/core`): `Client` (options, hook, request, plugin) and
 * what a plugin author builds on — the request path's pure steps, the scope Proxy, members
 * and code made on first use, redaction, errors and types. The main entry (`forgekit`)
 * re-exports the application's part of it (kernel/exports.ts). Each export is listed with an
 * example in docs/hooks-and-plugins.md.
 *
 * @packageDocumentation
 */
export { Client } from "./client.js";
export type { ClientOptions } from "./options.js";
export * from "./exports.js";
export { KERNEL_OPTIONS, KERNEL_REQUEST_OPTIONS } from "./options.js";
export { bodyBudget } from "./response.js";
export { merge, reserveOption } from "./merge.js";
export { parse, uploadsOrigin } from "./route.js";
export { createScope } from "./scope.js";
export { OPERATION_OF } from "./registry.js";
export { learnCredentials, redact, redactBody, redactHeaders } from "./redact.js";
export { addSecret, addAuthorization } from "./redact.js";
export { closest } from "./route.js";
export { fetchTransport } from "./transport.js";
export type { Transport, TransportRequest, TransportResponse } from "./transport.js";
export { lazy, memberOnFirstUse, onFirstUse, warnOnce, warnOncePerLog } from "./once.js";
export { LOG as defaultLog } from "./options.js";
export { BRAND as ERROR_BRAND } from "./errors.js";
