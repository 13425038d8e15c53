import type { Plugin } from "../../kernel/index.js";
import { auth } from "../auth/index.js";
import { cache } from "../cache/index.js";
import { debug } from "../debug/index.js";
import { log } from "../log/index.js";
import { paginate } from "../paginate/index.js";
import { previews } from "../previews/index.js";
import { registerEndpoints } from "../register-endpoints/index.js";
import { validate } from "../validate/index.js";

/**
 * The built-in plugins every preset (Node and browser) applies after the endpoint methods.
 * Order matters for hooks: the first registered is the innermost, and of two `before`
 * hooks the later-registered runs first. So a request meets, from the outside in:
 * validate (fail before any I/O) → previews (the accept header) → auth (credentials, before
 * the cache keys on them) → cache (304s, merging identical GETs) → log (deprecation
 * headers) → debug (one line per attempt) → the transport.
 */
export const builtins = [debug, log, cache, auth, previews, paginate, registerEndpoints, validate] as const satisfies readonly Plugin<any, any>[];
