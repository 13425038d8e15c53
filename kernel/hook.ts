import Hook from "before-after-hook";
import type { Hook as HookCollection, Hooks } from "./request.js";

/**
 * A new hook collection. before-after-hook is ESM-only; the CJS build inlines this one
 * module with it (build.mjs) so `require("forgekit")` never loads ESM.
 */
export function createHook(): HookCollection {
  return new Hook.Collection<Hooks>();
}
