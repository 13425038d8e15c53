import type { Plugin } from "../../kernel/index.js";
import { auth } from "../auth/index.js";
import { cache } from "../cache/plugin.js";
import { checkOptions } from "../check-options/index.js";
import { debug } from "../debug/index.js";
import { graphql } from "../graphql/plugin.js";
import { log } from "../log/plugin.js";
import { paginate } from "../paginate/index.js";
import { previews } from "../previews/index.js";
import { registerEndpoints } from "../register-endpoints/index.js";
import { retry } from "../retry/plugin.js";
import { throttle } from "../throttle/plugin.js";

/**
 * The built-in plugins every preset (Node and browser) applies after the endpoint methods:
 * the same functions an application imports from `forgekit/plugins/*`, so a client composed
 * by hand with them runs the same code. Order matters for hooks: the first registered is the
 * innermost, and of two `before` hooks the later-registered runs first. So a request meets,
 * from the outside in: previews (the accept header) → auth (credentials, before the cache
 * keys on them) → cache (304s, merging identical GETs) → log (one line per request, with its
 * retries and the 304 the cache answers; deprecation headers) → retry and throttle (one
 * `wrap`: the queue, rate-limit pauses, retries) → debug (one line per attempt) → the
 * transport. Each plugin loads the code it does not need up front with
 * `import()` on first use: debug only when `DEBUG`/`localStorage.debug` could enable it, the
 * cache only when its option is on, the retry/throttle engine on the first request,
 * paginate and graphql on their first call.
 */
export const builtins = [
  checkOptions,
  debug,
  retry,
  throttle,
  log,
  cache,
  auth,
  previews,
  paginate,
  graphql,
  registerEndpoints,
] as const satisfies readonly Plugin<any, any>[];
