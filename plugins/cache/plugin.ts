import { lazy, onFirstUse, type EndpointOptions, type Plugin, type Response, type Send } from "../../kernel/index.js";
import { checkCacheOption, type CacheOptions } from "./options.js";

export type { CacheOptions } from "./options.js";

declare module "../../kernel/types.js" {
  interface TransportOptions {
    /** Set by the cache plugin when it answered GitHub's 304 with what it had stored. */
    cached?: boolean;
  }
}

/** Options the `cache` plugin adds to the client. */
export interface CachePluginOptions {
  /**
   * Conditional-request cache: `true` for a private in-memory cache of 500 URLs, or
   * `{ store?, maxEntries?, ttl?, storeTimeout? }` ({@link CacheOptions}). Off (no hooks at all) when
   * absent or `false`.
   */
  cache?: boolean | CacheOptions;
}

/**
 * Conditional-request cache (opt-in). Remembers each GET/HEAD 200 that carries an `etag` or
 * `last-modified`, per URL, `accept`, API version and credential (a SHA-256 of the
 * `authorization` header, never the credential itself); sends `If-None-Match` /
 * `If-Modified-Since` next time, and answers GitHub's 304 — which does not count against
 * the rate limit — from the cache through the `error` hook: the caller gets status 200, the
 * cached data and the 304's fresh headers. Identical GETs in flight at the same time are
 * sent once. A POST/PUT/PATCH/DELETE to a URL drops what is cached for it. The store is any
 * `KeyValueStore`: a per-client LRU by default, `redisStore` to share one between processes;
 * a store that fails or takes longer than `storeTimeout` costs the cache, never the request.
 *
 * Place it after `retry`/`throttle` and before plugins that set headers (`auth`,
 * `previews`) in `Client.plugin([...])`: hooks registered later run first, so the cache
 * then sees the final headers and merges requests before they queue.
 *
 * @example
 * const MyClient = Client.plugin([cache]);
 * const client = new MyClient({ cache: { maxEntries: 1000 } });
 * await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world" });
 * // the same call again sends If-None-Match; a 304 resolves with the cached data and status 200
 */
export const cache: Plugin<void, CachePluginOptions> = (client, options) => {
  if (!checkCacheOption(options.cache)) return;
  const option = options.cache;
  // The cache's code (hashing, records, merging) loads on the first request.
  let run: ((send: Send, options: EndpointOptions) => Promise<Response<any>>) | undefined;
  if (!code.value) onFirstUse(loadCode);
  client.hook.wrap("request", (send, request) =>
    run ? run(send, request) : code().then((loaded) => (run ??= loaded.cacheWrap(client, option))(send, request)),
  );
};

/** The cache's code, loaded before the first request of a client that has it on. */
const code = lazy(() => import("./apply.js"));
/** Start loading it beside the transport's code (kernel `onFirstUse`). */
const loadCode = () => void code().catch(() => {});
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
cache.options = ["cache"];
/** The `request` option names this plugin reads (docs/hooks-and-plugins.md). */
cache.requestOptions = ["cached"];
// Its place in the Node preset's order (plugins/presets/builtins.ts), which the browser preset
// keeps when this plugin is added to it with `Client.plugin` (plugins/presets/place.ts).
Object.defineProperty(cache, Symbol.for("forgekit.presetPlace"), { value: 5 });
