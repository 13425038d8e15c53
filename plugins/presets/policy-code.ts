// The retry/throttle engine's code as the presets load it (plugins/presets/builtins.ts): one
// module, so that one `import()` — one chunk in browser builds and in dist/node — brings the
// engine, the retrier and the throttle together before a client's first request.
export { createEngine, run } from "../policy/engine.js";
export { createRetrier } from "../retry/retrier.js";
export { applyThrottle } from "../throttle/apply.js";
