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
 * The values the wrap set, per request (shared by every client: the keys are per-request
 * options objects): an outer retry hands the same options object back, and our earlier
 * header must not pass for the caller's own.
 */
const ours = new WeakMap<EndpointOptions, string>();

/** One client's credentials state: what `authenticate()` changes and the wrap reads. */
export interface Context {
  client: Client;
  strategy: Strategy | undefined;
  origins: readonly string[];
}

const debug = (context: Context, message: string) => context.client.options.log.debug(message, { namespace: "auth" });

/**
 * The `request` wrap that attaches credentials: only when the request goes to one of
 * `origins`, only when the caller set no `authorization` of their own, and once more
 * with a fresh credential after a 401 when the strategy can refresh (App tokens).
 */
export function authWrap(context: Context) {
  return (send: Send, endpoint: EndpointOptions): Promise<Response<unknown>> => {
    try {
      const current = context.strategy;
      const headers = endpoint.headers;
      if (ours.has(endpoint) && headers.authorization === ours.get(endpoint)) delete headers.authorization;
      if (!current || headers.authorization !== undefined) return Promise.resolve(send(endpoint));
      const origin = targetOrigin(endpoint);
      const { origins } = context;
      if (origin === undefined || !origins.includes(origin)) {
        debug(
          context,
          `${endpoint.method} ${origin ?? "(unknown origin)"}: sent without credentials, not the API's origin (${origins.join(", ")})`,
        );
        return Promise.resolve(send(endpoint));
      }
      // The same value every time (a token, Basic): set it and send, no await of our own.
      if (current.fixed !== undefined) {
        ours.set(endpoint, (headers.authorization = current.fixed));
        return Promise.resolve(send(endpoint));
      }
      return refreshing(context, send, endpoint, current);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

async function refreshing(
  context: Context,
  send: Send,
  endpoint: EndpointOptions,
  current: Strategy,
): Promise<Response<unknown>> {
  const headers = endpoint.headers;
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
      context,
      `${endpoint.method} ${redact(endpoint.url)}: 401 with ${current.kind} credentials, retrying once with fresh ones`,
    );
    await attach();
    return send(endpoint);
  }
}
