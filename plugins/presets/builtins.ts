import type { Plugin } from "../../kernel/index.js";

/** The built-in plugins every preset (Node and browser) applies, in order. */
export const builtins = [] as const satisfies readonly Plugin<any, any>[];
