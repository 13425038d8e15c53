import type { Registry } from "../endpoints/index.js";
import { deployment, loadParams, names } from "../../definitions/api.github.com/index.js";
import { routes } from "../../definitions/api.github.com/all.js";
import { aliases, legacyRoutes, removed } from "../../definitions/api.github.com/aliases.js";

/**
 * api.github.com's registry, every scope loaded statically: what the Node preset gives
 * `endpoints`. Kept out of the preset module so the main entry exports only what an
 * application needs; tests and custom presets import it from here.
 */
export const registry: Registry = { deployment, names, routes, loadParams, aliases, legacyRoutes, removed };
