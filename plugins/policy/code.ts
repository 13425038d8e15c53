// The request-policy engine's code, loaded by plugins/policy/attach.ts before a client's first
// request: one module, so that one `import()` — one chunk in browser builds and in dist/node —
// brings the engine, the retrier and the throttle together.
export { createEngine, run } from "./engine.js";
export { createRetrier } from "../retry/retrier.js";
export { applyThrottle } from "../throttle/apply.js";
