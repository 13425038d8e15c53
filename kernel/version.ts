// The build defines FORGEKIT_VERSION as package.json's version (build/files.mjs), so the version
// is written in one tracked file; source run without the build reports "0.0.0-dev".
declare const FORGEKIT_VERSION: string | undefined;

/** forgekit's version, package.json's (injected by `node build.mjs`). */
export const VERSION: string = typeof FORGEKIT_VERSION === "string" ? FORGEKIT_VERSION : "0.0.0-dev";
