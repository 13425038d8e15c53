// FORGEKIT_VERSION is package.json's version, which every esbuild call that compiles this file
// defines (build/files.mjs; test/helpers/ts-hooks.mjs for the tests), so that no build step
// rewrites a tracked file. (A fallback for undefined would cost the browser bundle a byte.)
declare const FORGEKIT_VERSION: string;

/** forgekit's version (package.json's). */
export const VERSION: string = FORGEKIT_VERSION;
