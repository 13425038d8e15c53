/**
 * forgekit's micro-kernel (`forgekit/core`): `Client` (options, hook, request, plugin),
 * request option parsing, the scope Proxy, registry shapes, errors and redaction.
 * Plugins build on these exports only.
 *
 * @packageDocumentation
 */
export { Client } from "./client.js";
export type { ClientOptions } from "./options.js";
export * from "./exports.js";
export { onPrepare, onSend, type Prepare, type Observe, type Finish } from "./steps.js";
export { stepsOf, type Steps } from "./steps.js";
