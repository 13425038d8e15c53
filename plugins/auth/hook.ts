import {
  isHttpError,
  redact,
  type Client,
  type EndpointOptions,
  type Response,
  type Send,
} from "../../kernel/index.js";
import { targetOrigin } from "./origin.js";
import type { Strategy } from "./types.js";

/**
 * The `request` wrap that attaches credentials: only when the request goes to one of
 * `origins`, only when the caller set no `authorization` of their own, and once more
 * with a fresh credential after a 401 when the strategy can refresh (App tokens).
 */
export function authWrap(client: Client, strategy: () => Strategy | undefined, origins: readonly string[]) {
  // The values this wrap set, per request: an outer retry hands the same options object
  // back, and our earlier header must not pass for the caller's own.
  const ours = new WeakMap<EndpointOptions, string>();
  const debug = (message: string) => client.options.log.debug(message, { namespace: "auth" });

  return async function authenticateRequest(send: Send, endpoint: EndpointOptions): Promise<Response<unknown>> {
    const current = strategy();
    const headers = endpoint.headers;
    if (ours.has(endpoint) && headers.authorization === ours.get(endpoint)) delete headers.authorization;
    if (!current || headers.authorization !== undefined) return send(endpoint);
    const origin = targetOrigin(endpoint);
    if (origin === undefined || !origins.includes(origin)) {
      debug(
        `${endpoint.method} ${origin ?? "(unknown origin)"}: sent without credentials, not the API's origin (${origins.join(", ")})`,
      );
      return send(endpoint);
    }
    const attach = async () => {
      const value = await current.header(endpoint);
      if (value === undefined) delete headers.authorization;
      else ours.set(endpoint, (headers.authorization = value));
      return value;
    };
    const used = await attach();
    try {
      return await send(endpoint);
    } catch (error) {
      if (used === undefined || !current.rejected || !isHttpError(error) || error.status !== 401) throw error;
      if (!(await current.rejected(endpoint, used, error.headers))) throw error;
      debug(
        `${endpoint.method} ${redact(endpoint.url)}: 401 with ${current.kind} credentials, retrying once with fresh ones`,
      );
      await attach();
      return send(endpoint);
    }
  };
}
