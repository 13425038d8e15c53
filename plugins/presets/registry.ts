import type { Registry } from "../endpoints/index.js";
import { deployment, load, loadParams, names, scopes } from "../../definitions/api.github.com/index.js";
import { aliases, legacyParams, legacyRoutes, removed } from "../../definitions/api.github.com/aliases.js";
import { dataFile, fromData } from "../../definitions/decode/file.js";

/**
 * api.github.com's registry as the Node preset gives it to `endpoints`: every scope's method
 * names; its routes and parameter metadata from definitions/api.github.com/data.txt, read into
 * a Buffer (outside the JS heap) on the first call and decoded one operation at a time
 * (definitions/decode/file.ts), or, where that file cannot be read (a program bundled without
 * it), from the per-scope chunks (`load`, `loadParams`); and the @octokit/rest v15/v16 names
 * and parameter names (`aliases`, `legacyRoutes`, `removed`, `legacyParams`: all.ts's `registry`
 * leaves them out, as @octokit/rest v22 has none). Parameters are checked (`loadParams` is given). Kept out of the preset module
 * so the main entry exports only what an application needs; tests and custom presets import it
 * from here.
 */
export const registry: Registry<"api.github.com"> = {
  deployment,
  names,
  ...fromData(dataFile(deployment), scopes, loadParams),
  load,
  aliases,
  legacyRoutes,
  removed,
  legacyParams,
};
