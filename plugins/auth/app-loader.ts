/**
 * Where the `appAuth` plugin (plugins/app-auth/) keeps a client's loader of the GitHub App
 * strategy for `tokenAuth`. A registered symbol: plugins/app-auth/ makes the same one itself, so
 * that it imports nothing of this plugin (in Node, plugin subpaths share no preset module).
 */
export const APP_STRATEGY = Symbol.for("forgekit.app");
/** The module of the GitHub App strategy (JWT, PEM, installation tokens). */
export type AppModule = typeof import("./app.js");
