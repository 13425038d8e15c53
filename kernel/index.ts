/**
 * forgekit's micro-kernel (`forgekit/core`): `Client` (options, hook, request, plugin),
 * request option parsing, the scope Proxy, registry shapes, errors and redaction.
 * Plugins build on these exports only. The main entry (`forgekit`) re-exports the
 * application's part of it (kernel/exports.ts); the helpers below are for plugin authors.
 *
 * @packageDocumentation
 */
export { Client } from "./client.js";
export type { ClientOptions } from "./options.js";
export * from "./exports.js";
export { createRequest } from "./request.js";
export { bindRoute } from "./bind-route.js";
export { createHook } from "./hook.js";
export { merge, parse, lowercaseHeaders } from "./route.js";
export { createScope } from "./scope.js";
export { redact, redactBody, redactHeaders } from "./redact.js";
export { parseRateLimit, requestRecord, operationId, type RequestRecord } from "./request-record.js";
export { LOG as defaultLog } from "./options.js";
export { warnOnce } from "./warn-once.js";
export { uploadsOrigin } from "./uploads.js";
export { withDefaults } from "./with-defaults.js";
export { lazy } from "./lazy.js";
export { BRAND as ERROR_BRAND } from "./brand.js";
export { onPrepare, onSend, type Prepare, type Observe, type Finish, type Wrap } from "./steps.js";
export { onWrap } from "./wraps.js";
export { stepsOf, type Steps } from "./steps.js";
export { memberOnFirstUse } from "./own.js";
