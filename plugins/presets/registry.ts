import type { Registry } from "../endpoints/index.js";
import { loadParams } from "../../definitions/api.github.com/index.js";
import { registry as complete, aliases, legacyRoutes, removed } from "../../definitions/api.github.com/all.js";

/**
 * api.github.com's registry as the Node preset gives it to `endpoints`: every scope's packed
 * routes (each decoded on its first use), the @octokit/rest v15/v16 names (`aliases`,
 * `legacyRoutes`, `removed`: all.ts's `registry` leaves them out, as @octokit/rest v22 has
 * none), and the parameter metadata (one module per scope, loaded on a method's first call)
 * for validation. Kept out of the preset module so the main entry
 * exports only what an application needs; tests and custom presets import it from here.
 */
export const registry: Registry<"api.github.com"> = { ...complete, aliases, legacyRoutes, removed, loadParams };
