import crossFetch from "cross-fetch";
import type { Fetch } from "../../kernel/index.js";
import { Readable } from "node:stream";
import { ACCEPT_ENCODING, guardedAgent, toWebResponse } from "./node-fetch.js";
import { agentFor, isRedirect, nextHop, type Hop } from "./redirect.js";

// The agent transport's code: plugins/agent/index.ts imports this module (and with it
// cross-fetch and node-fetch) only when a request is sent with an `agent`.

/** A `fetch` over node-fetch that uses `agent` for its connections and follows redirects safely. */
export function agentFetch(agent: unknown): Fetch {
  return async (url, init) => {
    let body = init.body;
    if (typeof Blob !== "undefined" && body instanceof Blob) body = Buffer.from(await body.arrayBuffer());
    else if (body instanceof ReadableStream) body = Readable.fromWeb(body as never) as never;
    const headers = { "accept-encoding": ACCEPT_ENCODING, ...(init.headers as Record<string, string>) };
    let hop: Hop = { url, init: { ...init, body: body ?? null, headers } };
    for (let hops = 1; ; hops++) {
      const guard = guardedAgent(hops === 1 ? agent : agentFor(agent, hop.url));
      // compress: false: we decode the body ourselves (node-fetch.ts), node-fetch's copy is drained.
      const response = await crossFetch(hop.url, {
        ...hop.init,
        redirect: "manual",
        compress: false,
        agent: guard.agent,
      } as never).catch(failed);
      // node-fetch resolves `location` against the URL; give the caller what the server sent, as fetch does.
      const location = guard.location ?? null;
      if (init.redirect === "manual" || !isRedirect(response.status, location))
        return toWebResponse(response as never, guard);
      (response.body as unknown as Readable | null)?.resume();
      guard.body?.resume();
      hop = nextHop(hop, response.status, location, hops);
    }
  };
}

/**
 * node-fetch's system errors ("request to <url> failed, reason: connect ECONNREFUSED …")
 * wrapped the way undici reports them (a TypeError whose cause has the `code`), so both
 * transports produce the same `NetworkError` message; the kernel redacts the cause's text.
 */
function failed(error: { code?: unknown }): never {
  throw error?.code ? new TypeError("fetch failed", { cause: error }) : error;
}
