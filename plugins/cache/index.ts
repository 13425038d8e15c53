import type { Plugin } from "../../kernel/index.js";
import { applyCache } from "./apply.js";
import { checkCacheOption, type CacheOptions } from "./options.js";

export { memoryStore, type MemoryStoreOptions } from "../store/memory-store.js";
export type { CacheOptions } from "./options.js";

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
  if (checkCacheOption(options.cache)) applyCache(client, options.cache);
};
/** The top-level options this plugin reads (`plugin.options`, docs/hooks-and-plugins.md). */
cache.options = ["cache"];
