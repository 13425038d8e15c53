import { createRequire } from "node:module";
import type { Registry } from "../endpoints/index.js";
import { otherDeployments } from "../../definitions/deployments.js";

/** Deployments generated into definitions/ besides api.github.com (the default). */
export const DEPLOYMENTS = otherDeployments;
/** A `deployment` name the Node preset loads by itself. */
export type Deployment = (typeof DEPLOYMENTS)[number] | "api.github.com";

/**
 * Node only: load a deployment's registry synchronously (require() of its ES module, Node
 * ^20.19 || >=22.12), so only the selected deployment's routes are ever loaded and the
 * client is usable at once. Returns `undefined` for an unknown name and for api.github.com,
 * whose registry the preset already holds.
 */
export function loadDeployment(name: string): Registry | undefined {
  if (!(DEPLOYMENTS as readonly string[]).includes(name)) return undefined;
  return createRequire(import.meta.url)(`../../definitions/${name}/all.js`) as Registry;
}
