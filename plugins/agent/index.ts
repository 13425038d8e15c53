import crossFetch from "cross-fetch";
import type { Fetch, Plugin } from "../../kernel/index.js";
import { guardedAgent, toWebResponse } from "./node-fetch.js";

/**
 * Node only: the agent transport. When the `agent` option (client or per call) is set and
 * no `request.fetch` is given, requests go through cross-fetch's node-fetch with that
 * http(s).Agent — guarded so a connection reset mid-body rejects instead of hanging.
 *
 * @example
 * import { Agent } from "node:https";
 * const client = new (Client.plugin(agent))({ agent: new Agent({ keepAlive: true }) });
 */
export const agent: Plugin<void> = (client) => {
  client.hook.before("request", (options) => {
    const given = options.request.agent;
    if (given !== undefined && !options.request.fetch) options.request.fetch = agentFetch(given);
  });
};

/** A `fetch` over node-fetch that uses `agent` for its connections. */
export function agentFetch(agent: unknown): Fetch {
  return async (url, init) => {
    const guard = guardedAgent(agent);
    let body = init.body;
    if (typeof Blob !== "undefined" && body instanceof Blob) body = Buffer.from(await body.arrayBuffer());
    else if (body instanceof ReadableStream) body = (await import("node:stream")).Readable.fromWeb(body as never) as never;
    const response = await crossFetch(url, { ...init, body, agent: guard.agent } as never);
    return toWebResponse(response as never, guard);
  };
}
