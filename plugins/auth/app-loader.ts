/** Where a client keeps the loader of the GitHub App strategy (set by `auth` and plugins/app-auth/). */
export const APP_STRATEGY = Symbol.for("forgekit.app");
/** The module of the GitHub App strategy (JWT, PEM, installation tokens). */
export type AppModule = typeof import("./app.js");

/** The GitHub App strategy's module, a chunk of its own. */
export const loadApp = (): Promise<AppModule> => import("./app.js");
