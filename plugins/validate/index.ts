import {
  checkRequestOptions,
  onPrepare,
  type EndpointOptions,
  type Log,
  type ParamMeta,
  type Plugin,
} from "../../kernel/index.js";
import { checkParams } from "./check-params.js";
import { warnUnknownParams } from "./unknown-params.js";

export { checkParams } from "./check-params.js";
export { warnUnknownParams } from "./unknown-params.js";

/**
 * What an endpoint method attaches to each request (`options.request.validate`) so this
 * plugin can check it: the operation's name and its parameter metadata, or a loader for it.
 */
export interface ValidationInfo {
  operation: string;
  /** The operation's parameter metadata, or a function that loads it on first use. */
  params: readonly ParamMeta[] | (() => readonly ParamMeta[] | Promise<readonly ParamMeta[]>);
  /** The parameter sent as the whole body (`x-github.requestBodyParameterName`), found in `data`. */
  body?: string;
  /** The body parameters were gathered into `data` (see `RouteExtra.fields`): check them there. */
  fields?: boolean;
}

/**
 * Validates the parameters of endpoint methods before sending (missing required, wrong
 * type, outside the allowed values, null where not nullable); a failure rejects with a
 * `ParameterError` and nothing is sent. Part of the full preset; leave it out of a custom
 * client to skip validation. Requests without metadata (plain `client.request`) pass.
 *
 * @example
 * const MyClient = Client.plugin([endpoints(registry), validate]);
 * await new MyClient().repos.listForOrg({ org: "octokit", type: "publik" }); // ParameterError
 */
export const validate: Plugin<void> = (client) => onPrepare(client, (options) => check(options, client.options.log));
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
validate.options = [];

/**
 * The step (one per client, for its log): not a hook, it runs before every hook (a bad parameter
 * fails before anything else runs) and costs no promise once the metadata is loaded.
 */
function check(options: EndpointOptions, log: Log): void | Promise<void> {
  checkRequestOptions(options.request, "request", log);
  const info = options.request.validate as ValidationInfo | undefined;
  if (!info) return;
  const run = (metas: readonly ParamMeta[]) => {
    const params = info.body
      ? { ...options, [info.body]: options.data }
      : info.fields
        ? { ...options, ...(options.data as object) }
        : options;
    checkParams(info.operation, metas, params);
    warnUnknownParams(info.operation, metas, params, log);
  };
  const metas = typeof info.params === "function" ? info.params() : info.params;
  return Array.isArray(metas) ? run(metas) : (metas as Promise<readonly ParamMeta[]>).then(run);
}
