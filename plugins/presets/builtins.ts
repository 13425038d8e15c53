import type { Plugin } from "../../kernel/index.js";
import { validate } from "../validate/index.js";

/**
 * The built-in plugins every preset (Node and browser) applies after the endpoint methods,
 * in order. The endpoints plugin itself differs per runtime (static routes in Node, lazy
 * chunks in browsers), so each preset adds it first.
 */
export const builtins = [validate] as const satisfies readonly Plugin<any, any>[];
