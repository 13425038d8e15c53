// `forgekit/plugins/auth`: `auth` (with GitHub Apps, with-app.ts) and `tokenAuth` (without, the
// browser preset's; plugin.ts), and the types of both.
export * from "./plugin.js";
export { auth } from "./with-app.js";
